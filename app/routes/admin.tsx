import { useTranslation } from "react-i18next";
import { data, useLoaderData, useNavigation } from "react-router";
import { CONTENT_ENTITIES, type ContentEntity } from "#common/admin/forms";
import type { MailStatus } from "#server/admin/mail";
import { ContentTab } from "~/components/admin/content-tab";
import { EmailTemplatesTab } from "~/components/admin/email-templates-tab";
import { NewsletterTab } from "~/components/admin/newsletter-tab";
import { OverviewTab } from "~/components/admin/overview-tab";
import { SettingsTab } from "~/components/admin/settings-tab";
import { ADMIN_TABS, type AdminPageData, type AdminTab } from "~/components/admin/tab-data";
import { UsersTab } from "~/components/admin/users-tab";
import { Page } from "~/components/layout/page";
import { RouteError } from "~/components/layout/route-error";
import { Link } from "~/components/link";
import { requireAdmin, services } from "~/lib/auth.server";
import { readSingleValuedForm } from "~/lib/form.server";
import { splitLocale } from "~/lib/locale";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin";
import "~/locales/admin";
import "~/locales/calendar";
import "~/locales/dividends";
import "~/locales/disclosures";
import "~/locales/shariah";

const MAIL_STATUSES: MailStatus[] = ["pending", "sending", "sent", "dead"];

const pageOf = (v: string | null) => Math.min(Math.max(1, Number.parseInt(v ?? "1", 10) || 1), 10_000);

export async function loader({ request, context }: Route.LoaderArgs): Promise<AdminPageData> {
  const user = await requireAdmin(request, context);
  const admin = services(context).admin;
  const params = new URL(request.url).searchParams;
  const requested = params.get("tab");
  const tab: AdminTab = ADMIN_TABS.includes(requested as AdminTab) ? (requested as AdminTab) : "overview";
  const q = params.get("q")?.slice(0, 200) || undefined;
  const base = { tab, me: { id: user.id, email: user.email } };
  switch (tab) {
    case "overview":
      return {
        ...base,
        overview: await admin.overview({
          inboxFilter: params.get("inbox") === "all" ? "all" : "open",
          inboxPage: pageOf(params.get("inboxPage")),
          auditPage: pageOf(params.get("auditPage")),
        }),
      };
    case "users": {
      const page = pageOf(params.get("page"));
      return { ...base, users: { q: q ?? "", page, ...(await admin.users({ query: q, page })) } };
    }
    case "content": {
      const requestedEntity = params.get("type") as ContentEntity;
      const entity = CONTENT_ENTITIES.includes(requestedEntity) ? requestedEntity : "articles";
      const edit = params.get("edit");
      const page = pageOf(params.get("page"));
      return {
        ...base,
        content: {
          entity,
          q: q ?? "",
          page,
          edit,
          ...(await admin.content({ entity, query: q, page, edit })),
        },
      };
    }
    case "newsletter": {
      const page = pageOf(params.get("subPage"));
      return { ...base, newsletter: { page, q: q ?? "", ...(await admin.newsletter({ page, query: q })) } };
    }
    case "email-templates": {
      const status = params.get("status") as MailStatus;
      const mailStatus = MAIL_STATUSES.includes(status) ? status : undefined;
      const page = pageOf(params.get("mailPage"));
      return {
        ...base,
        emailTemplates: {
          status: mailStatus ?? null,
          page,
          ...(await admin.emailTemplates({ status: mailStatus, page, mailId: params.get("mail") })),
        },
      };
    }
    case "settings":
      return { ...base, settings: admin.settings() };
  }
}

/** Every admin mutation: the role is checked first, then the intent's schema, then it is audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  // A field sent twice is refused: taking the last copy would let it slip past what the first
  // was checked for (an editor's form never repeats a name).
  const form = await readSingleValuedForm(request);
  const result = await services(context).admin.run({ id: user.id, email: user.email }, form);
  return data(result, { status: result.status });
}

export default function AdminPage() {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("calendar");
  const { t: td } = useTranslation("dividends");
  const { t: ts } = useTranslation("shariah");
  const { t: tdis } = useTranslation("disclosures");
  const loaded = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { tab } = loaded;
  // 'Loading...' while the (server-checked) admin data loads.
  const loading =
    navigation.state === "loading" && splitLocale(navigation.location.pathname).path === "/admin";
  return (
    <Page title={t("title")} subtitle={t("subtitle")}>
      <div
        role="tablist"
        aria-label={t("title")}
        className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 [contain:inline-size]"
      >
        {ADMIN_TABS.map((name) => (
          <Link
            key={name}
            role="tab"
            aria-selected={tab === name}
            to={`/admin?tab=${name}`}
            className={`-mb-px whitespace-nowrap rounded-t-md border-b-2 px-4 py-2 text-sm font-medium ${
              tab === name
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-brand-700"
            }`}
          >
            {t(`tabs.${name}`)}
          </Link>
        ))}
        {/* The Gulf calendar rows have their own admin page. */}
        <Link
          role="tab"
          aria-selected={false}
          to="/admin/calendar"
          className="-mb-px whitespace-nowrap rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-brand-700"
        >
          {tc("heading")}
        </Link>
        {/* Distributions (dividends and bonus shares) have their own admin page. */}
        <Link
          role="tab"
          aria-selected={false}
          to="/admin/dividends"
          className="-mb-px whitespace-nowrap rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-brand-700"
        >
          {td("admin.link")}
        </Link>
        <Link
          role="tab"
          aria-selected={false}
          to="/admin/shariah"
          className="-mb-px whitespace-nowrap rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-brand-700"
        >
          {ts("admin.heading")}
        </Link>
        <Link
          role="tab"
          aria-selected={false}
          to="/admin/disclosures"
          className="-mb-px whitespace-nowrap rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-brand-700"
        >
          {tdis("admin.heading")}
        </Link>
      </div>
      <section role="tabpanel" aria-label={t(`tabs.${tab}`)} className="py-6" aria-busy={loading}>
        <div className="mb-4 flex items-center gap-3">
          <h2 className="text-xl font-semibold">{t(`tabs.${tab}`)}</h2>
          {loading ? (
            <span role="status" className="text-sm text-slate-500">
              {t("loading")}
            </span>
          ) : null}
        </div>
        {"overview" in loaded ? <OverviewTab data={loaded.overview} /> : null}
        {"users" in loaded ? <UsersTab data={loaded.users} me={loaded.me} /> : null}
        {"content" in loaded ? <ContentTab data={loaded.content} /> : null}
        {"newsletter" in loaded ? <NewsletterTab data={loaded.newsletter} /> : null}
        {"emailTemplates" in loaded ? <EmailTemplatesTab data={loaded.emailTemplates} /> : null}
        {"settings" in loaded ? <SettingsTab data={loaded.settings} /> : null}
      </section>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "admin"),
    path: "/admin",
    noindex: true,
  });

/** A failing tab keeps the admin inside the admin area, with a way back to the overview. */
export function ErrorBoundary() {
  const { t } = useTranslation("admin");
  return (
    <RouteError
      title={t("title")}
      subtitle={t("subtitle")}
      heading={t("error.title")}
      message={t("error.message")}
      back={{ to: "/admin", label: t("error.back") }}
    />
  );
}
