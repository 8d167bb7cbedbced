import { Activity, Mail, UserCheck, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/link";
import { MarketSourcesPanel } from "./market-sources-panel";
import type { TabData } from "./tab-data";
import { AdminTable } from "./table";
import {
  Badge,
  formatDateTime,
  Pagination,
  Panel,
  StatCard,
  smallButton,
  tdClass,
  useAdminFetcher,
  useHrefWith,
} from "./ui";
import "~/locales/admin";

type Data = TabData<"overview">;
const PAGE_SIZE = 20;

export function OverviewTab({ data }: { data: Data }) {
  const { t } = useTranslation("admin");
  const { counts, health } = data;
  // The headline names what fails, with how much of it where that is counted ("Feeds (4 of 9 failing)").
  const degraded = health.checks
    .filter((c) => !c.ok)
    .map((c) => {
      const name = t(`overview.checks.${c.key}`);
      const { failing, total } = c.params ?? {};
      return failing !== undefined && total !== undefined
        ? `${name} (${t("overview.failingCount", { failing, total })})`
        : name;
    });
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t("overview.totalUsers")}
          value={counts.users}
          icon={<Users className="size-5" aria-hidden />}
        />
        <StatCard
          label={t("overview.subscribers")}
          value={counts.subscribers}
          icon={<UserCheck className="size-5" aria-hidden />}
        />
        <StatCard
          label={t("overview.templates")}
          value={counts.templates}
          icon={<Mail className="size-5" aria-hidden />}
        />
        <StatCard
          label={t("overview.siteStatus")}
          value={health.ok ? t("overview.online") : t("overview.degraded")}
          note={
            health.ok
              ? t("overview.allOperational")
              : t("overview.degradedList", { list: degraded.join(", ") })
          }
          tone={health.ok ? "ok" : "bad"}
          icon={<Activity className="size-5" aria-hidden />}
        />
      </div>
      <HealthPanel checks={health.checks} />
      <MarketSourcesPanel status={data.market ?? null} />
      <InboxPanel inbox={data.inbox} />
      <AuditPanel audit={data.audit} />
    </div>
  );
}

function HealthPanel({ checks }: { checks: Data["health"]["checks"] }) {
  const { t } = useTranslation("admin");
  return (
    <Panel title={t("overview.health")}>
      <ul className="divide-y divide-slate-100">
        {checks.map((c) => (
          <li key={c.key} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="font-medium text-slate-800">{t(`overview.checks.${c.key}`)}</span>
            <span className="flex items-center gap-2 text-sm text-slate-600">
              <span>
                {t(`overview.reasons.${c.key}.${c.reason}`, { ...c.params, defaultValue: c.reason })}
              </span>
              <Badge tone={c.ok ? "green" : "amber"}>
                {c.ok ? t("overview.ok") : t("overview.degraded")}
              </Badge>
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function InboxPanel({ inbox }: { inbox: Data["inbox"] }) {
  const { t } = useTranslation("admin");
  const hrefWith = useHrefWith();
  const { fetcher, busy } = useAdminFetcher();
  return (
    <Panel
      title={t("inbox.title", { count: inbox.open })}
      actions={
        <div className="flex gap-2 text-sm">
          <Link to={hrefWith({ inbox: null, inboxPage: null })} className={smallButton} preventScrollReset>
            {t("inbox.open")}
          </Link>
          <Link to={hrefWith({ inbox: "all", inboxPage: null })} className={smallButton} preventScrollReset>
            {t("inbox.all")}
          </Link>
        </div>
      }
    >
      {inbox.rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("inbox.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {inbox.rows.map((row) => (
            <li key={row.id} className="py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="blue">{t(`inbox.kinds.${row.kind}`)}</Badge>
                  <span className="font-medium">{row.email}</span>
                  <span className="text-sm text-slate-500">{formatDateTime(row.createdAt)}</span>
                  {row.handled ? <Badge tone="green">{t("inbox.handled")}</Badge> : null}
                </div>
                <fetcher.Form method="post" action="?tab=overview" preventScrollReset>
                  <input type="hidden" name="intent" value="setHandled" />
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="handled" value={row.handled ? "false" : "true"} />
                  <button type="submit" className={smallButton} disabled={busy}>
                    {row.handled ? t("inbox.reopen") : t("inbox.markHandled")}
                  </button>
                </fetcher.Form>
              </div>
              <details className="mt-1 text-sm">
                <summary className="cursor-pointer text-brand-700">{t("inbox.details")}</summary>
                <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
                  {Object.entries(row.payload).map(([k, v]) => (
                    <div key={k} className="contents">
                      <dt className="font-medium text-slate-600">{k}</dt>
                      <dd className="whitespace-pre-wrap break-words text-slate-800">{String(v)}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pagination pageSize={PAGE_SIZE} total={inbox.total} param="inboxPage" label={t("inbox.pages")} />
    </Panel>
  );
}

function AuditPanel({ audit }: { audit: Data["audit"] }) {
  const { t } = useTranslation("admin");
  return (
    <Panel title={t("audit.title")}>
      <AdminTable
        columns={[t("audit.when"), t("audit.who"), t("audit.what"), t("audit.target")]}
        rows={audit.rows}
        row={(r) => (
          <tr key={r.id}>
            <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(r.createdAt)}</td>
            <td className={tdClass}>{r.actorEmail ?? t("audit.deletedUser")}</td>
            <td className={tdClass}>
              <code className="text-xs">{r.action}</code>
            </td>
            <td className={`${tdClass} break-words`}>{r.target ?? "—"}</td>
          </tr>
        )}
        empty={t("audit.empty")}
      />
      <Pagination pageSize={PAGE_SIZE} total={audit.total} param="auditPage" label={t("audit.pages")} />
    </Panel>
  );
}
