import { Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { newsletterSendSchema } from "#common/admin/forms";
import { FREQUENCIES } from "#common/newsletter-schema";
import { buttonClass, Field, SelectField, TextareaField } from "~/components/forms/field";
import { toast } from "~/lib/toast";
import type { TabData } from "./tab-data";
import { AdminSearch, AdminTable } from "./table";
import {
  Badge,
  FormMessage,
  formatDate,
  formatDateTime,
  Pagination,
  Panel,
  StatCard,
  smallButton,
  tdClass,
  useAdminFetcher,
} from "./ui";
import "~/locales/admin";

type Data = TabData<"newsletter">;

export function NewsletterTab({ data }: { data: Data }) {
  const { t } = useTranslation("admin");
  const sending = (data.campaigns ?? []).some((c) => c.pending > 0);
  const revalidator = useRevalidator();
  // Delivery progress moves on without the admin doing anything: poll while mail is pending.
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3_000);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t("newsletter.stats.active")}
          value={data.stats?.active ?? "—"}
          note={data.stats ? t("newsletter.stats.ofTotal", { total: data.stats.total }) : undefined}
        />
        {FREQUENCIES.map((f) => (
          <StatCard key={f} label={t(`newsletter.stats.${f}`)} value={data.stats?.[f] ?? "—"} />
        ))}
      </div>
      <SendForm />
      <CampaignHistory campaigns={data.campaigns} error={data.campaignsError} />
      <RecentSubscribers data={data} />
      <AllSubscribers data={data} />
    </div>
  );
}

function SendForm() {
  const { t } = useTranslation("admin");
  const form = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const { fetcher, busy, result } = useAdminFetcher({
    // The form clears after a send to all subscribers (not after a test).
    onSuccess: (r) => {
      if (r.data?.isTest === false) form.current?.reset();
    },
  });
  return (
    <Panel title={t("newsletter.send.title")}>
      <fetcher.Form
        ref={form}
        method="post"
        action="?tab=newsletter"
        noValidate
        className="grid gap-4 md:grid-cols-2"
        onSubmit={(e) => {
          const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          const values = Object.fromEntries(new FormData(e.currentTarget, submitter)) as Record<
            string,
            string
          >;
          const parsed = newsletterSendSchema.safeParse(values);
          if (!parsed.success) {
            e.preventDefault();
            const message = parsed.error.issues[0]?.message ?? "";
            setClientError(message);
            toast.error(message);
          } else setClientError(null);
        }}
      >
        <input type="hidden" name="intent" value="sendNewsletter" />
        <Field className="md:col-span-2" name="subject" label={t("newsletter.send.subject")} />
        <TextareaField
          className="md:col-span-2"
          name="content"
          label={t("newsletter.send.content")}
          rows={8}
          placeholder={t("newsletter.send.contentPlaceholder")}
        />
        <Field className="md:col-span-2" name="subjectAr" dir="rtl" label={t("newsletter.send.subjectAr")} />
        <TextareaField
          className="md:col-span-2"
          name="contentAr"
          dir="rtl"
          label={t("newsletter.send.contentAr")}
          rows={6}
          placeholder={t("newsletter.send.contentArPlaceholder")}
        />
        <SelectField
          name="frequency"
          label={t("newsletter.send.frequency")}
          defaultValue="weekly"
          options={FREQUENCIES.map((f) => ({ value: f, label: t(`newsletter.frequencies.${f}`) }))}
        />
        <Field
          name="testEmail"
          type="email"
          label={t("newsletter.send.testEmail")}
          placeholder="you@example.com"
        />
        <div className="flex flex-wrap gap-3 md:col-span-2">
          <button type="submit" name="isTest" value="true" className={smallButton} disabled={busy}>
            {t("newsletter.send.sendTest")}
          </button>
          <button type="submit" name="isTest" value="false" className={buttonClass} disabled={busy}>
            {busy ? t("newsletter.send.sending") : t("newsletter.send.sendAll")}
          </button>
        </div>
        <div className="md:col-span-2" aria-live="polite">
          <FormMessage text={clientError} result={clientError ? undefined : result} />
        </div>
      </fetcher.Form>
    </Panel>
  );
}

function CampaignHistory({ campaigns, error }: { campaigns: Data["campaigns"]; error: string | null }) {
  const { t } = useTranslation("admin");
  return (
    <Panel title={t("newsletter.campaigns.title")}>
      {error ? <FormMessage text={error} /> : null}
      <AdminTable
        columns={[
          t("newsletter.campaigns.subject"),
          t("newsletter.send.frequency"),
          t("newsletter.campaigns.created"),
          t("newsletter.campaigns.progress"),
        ]}
        rows={campaigns ?? []}
        row={(c) => {
          const done = c.sent + c.failed;
          const pct = c.total ? Math.round((done / c.total) * 100) : 100;
          return (
            <tr key={c.id}>
              <td className={tdClass}>{c.subject}</td>
              <td className={tdClass}>{t(`newsletter.frequencies.${c.frequency}`)}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(c.createdAt)}</td>
              <td className={`${tdClass} min-w-56`}>
                <div
                  role="progressbar"
                  aria-label={t("newsletter.campaigns.progressOf", { subject: c.subject })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={pct}
                  className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-full bg-brand-600" style={{ width: `${pct}%` }} />
                </div>
                <p className="mt-1 text-xs text-slate-600">
                  {t("newsletter.campaigns.counts", {
                    sent: c.sent,
                    total: c.total,
                    failed: c.failed,
                    pending: c.pending,
                  })}
                </p>
              </td>
            </tr>
          );
        }}
        empty={error ? undefined : t("newsletter.campaigns.empty")}
      />
    </Panel>
  );
}

type Subscriber = NonNullable<Data["recent"]>["rows"][number];

function SubscriberTable({ rows, showStatus }: { rows: Subscriber[]; showStatus?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <AdminTable
      columns={[
        t("newsletter.subscribers.email"),
        t("newsletter.subscribers.name"),
        t("newsletter.send.frequency"),
        t("newsletter.subscribers.subscribed"),
        ...(showStatus ? [t("newsletter.subscribers.status")] : []),
      ]}
      rows={rows}
      row={(r) => (
        <tr key={r.id}>
          <td className={`${tdClass} whitespace-nowrap`}>{r.email}</td>
          <td className={tdClass}>{r.fullName}</td>
          <td className={tdClass}>{t(`newsletter.frequencies.${r.frequency}`)}</td>
          <td className={`${tdClass} whitespace-nowrap`}>{formatDate(r.subscribedAt)}</td>
          {showStatus ? (
            <td className={tdClass}>
              {r.isActive ? (
                <Badge tone="green">{t("newsletter.subscribers.active")}</Badge>
              ) : (
                <Badge tone="slate">{t("newsletter.subscribers.unsubscribed")}</Badge>
              )}
            </td>
          ) : null}
        </tr>
      )}
    />
  );
}

function RecentSubscribers({ data }: { data: Data }) {
  const { t } = useTranslation("admin");
  return (
    <Panel title={t("newsletter.subscribers.recent")}>
      {data.subscribersError ? (
        <FormMessage text={data.subscribersError} />
      ) : data.recent?.rows.length ? (
        <SubscriberTable rows={data.recent.rows} />
      ) : (
        <p className="text-sm text-slate-600">{t("newsletter.subscribers.empty")}</p>
      )}
    </Panel>
  );
}

function AllSubscribers({ data }: { data: Data }) {
  const { t } = useTranslation("admin");
  return (
    <Panel
      title={t("newsletter.subscribers.all", { count: data.list?.total ?? 0 })}
      actions={
        // A plain link: the browser downloads the file (a resource route, not a page).
        <a href="/admin/subscribers.csv" className={smallButton} download>
          <Download className="size-4" aria-hidden />
          {t("newsletter.subscribers.export")}
        </a>
      }
    >
      <AdminSearch
        tab="newsletter"
        id="subscriber-search"
        label={t("newsletter.subscribers.search")}
        placeholder={t("newsletter.subscribers.searchPlaceholder")}
        query={data.q}
      />
      {data.subscribersError ? (
        <FormMessage text={data.subscribersError} />
      ) : data.list?.rows.length ? (
        <>
          <SubscriberTable rows={data.list.rows} showStatus />
          <Pagination
            pageSize={20}
            total={data.list.total}
            param="subPage"
            label={t("newsletter.subscribers.pages")}
          />
        </>
      ) : (
        <p className="text-sm text-slate-600">{t("newsletter.subscribers.empty")}</p>
      )}
    </Panel>
  );
}
