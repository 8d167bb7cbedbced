import { useState } from "react";
import { useTranslation } from "react-i18next";
import { testEmailSchema } from "#common/admin/forms";
import { buttonClass, Field } from "~/components/forms/field";
import { Link } from "~/components/link";
import { toast } from "~/lib/toast";
import type { TabData } from "./tab-data";
import { AdminTable } from "./table";
import {
  Badge,
  FormMessage,
  formatDateTime,
  Pagination,
  Panel,
  smallButton,
  tdClass,
  useAdminFetcher,
  useHrefWith,
} from "./ui";
import "~/locales/admin";

type Data = TabData<"emailTemplates">;
const STATUS_TONE = { pending: "amber", sending: "blue", sent: "green", dead: "red" } as const;

export function EmailTemplatesTab({ data }: { data: Data }) {
  const { t } = useTranslation("admin");
  return (
    <div className="flex flex-col gap-6">
      <TemplatePreviews previews={data.previews} error={data.previewsError} />
      <TestTool />
      <Outbox data={data} />
    </div>
  );
}

function TemplatePreviews({ previews, error }: { previews: Data["previews"]; error: string | null }) {
  const { t } = useTranslation("admin");
  const [selected, setSelected] = useState(previews[0]?.id ?? "");
  const [asText, setAsText] = useState(false);
  const current = previews.find((p) => p.id === selected) ?? previews[0];
  return (
    <Panel title={t("templates.previews")}>
      {error ? <FormMessage text={error} /> : null}
      {previews.length === 0 ? (
        error ? null : (
          <p className="text-sm text-slate-600">{t("templates.none")}</p>
        )
      ) : (
        <div className="flex flex-col gap-3">
          <div role="tablist" aria-label={t("templates.previews")} className="flex flex-wrap gap-2">
            {previews.map((p) => (
              <button
                key={p.id}
                type="button"
                role="tab"
                aria-selected={p.id === current?.id}
                onClick={() => setSelected(p.id)}
                className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${
                  p.id === current?.id
                    ? "bg-brand-700 text-white ring-brand-700"
                    : "bg-white text-slate-700 ring-slate-300"
                }`}
              >
                {p.name}
              </button>
            ))}
          </div>
          {current ? (
            <div role="tabpanel" aria-label={current.name}>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm">
                <p>
                  <span className="font-medium text-slate-600">{t("templates.subject")}:</span>{" "}
                  {current.subject}
                </p>
                <button type="button" className={smallButton} onClick={() => setAsText((v) => !v)}>
                  {asText ? t("templates.showHtml") : t("templates.showText")}
                </button>
              </div>
              {asText ? (
                <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-4 text-sm">
                  {current.text}
                </pre>
              ) : (
                // sandbox="" : the template's HTML runs no script and cannot navigate the admin page.
                <iframe
                  title={t("templates.previewOf", { name: current.name })}
                  sandbox=""
                  srcDoc={current.html}
                  className="h-[32rem] w-full rounded-md border border-slate-200 bg-white"
                />
              )}
            </div>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

function TestTool() {
  const { t } = useTranslation("admin");
  const [clientError, setClientError] = useState<string | null>(null);
  const { fetcher, busy, result } = useAdminFetcher();
  return (
    <Panel title={t("templates.testTool")}>
      <p className="mb-3 text-sm text-slate-600">{t("templates.testHelp")}</p>
      <fetcher.Form
        method="post"
        action="?tab=email-templates"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          const values = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
          const parsed = testEmailSchema.safeParse(values);
          if (!parsed.success) {
            e.preventDefault();
            const message = parsed.error.issues[0]?.message ?? "";
            setClientError(message);
            toast.error(message);
          } else setClientError(null);
        }}
      >
        <Field
          name="testEmail"
          type="email"
          label={t("templates.testEmail")}
          placeholder="you@example.com"
          className="max-w-md"
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="testWelcome" className={buttonClass} disabled={busy}>
            {t("templates.sendWelcome")}
          </button>
          <button
            type="submit"
            name="intent"
            value="testBrokerSelection"
            className={buttonClass}
            disabled={busy}
          >
            {t("templates.sendBroker")}
          </button>
        </div>
        <div aria-live="polite">
          <FormMessage text={clientError} result={clientError ? undefined : result} />
        </div>
      </fetcher.Form>
    </Panel>
  );
}

function Outbox({ data }: { data: Data }) {
  const { t } = useTranslation("admin");
  const hrefWith = useHrefWith();
  const { fetcher, busy } = useAdminFetcher();
  const { mail, selected, status } = data;
  const filters = [null, "pending", "sending", "sent", "dead"] as const;
  return (
    <Panel title={t("outbox.title")}>
      <nav aria-label={t("outbox.filter")} className="mb-4 flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f ?? "all"}
            to={hrefWith({ status: f, mailPage: null, mail: null })}
            preventScrollReset
            aria-current={status === f ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm ring-1 ${status === f ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300"}`}
          >
            {f ? t(`outbox.status.${f}`) : t("outbox.all")}
            {f ? ` (${mail.counts[f]})` : ""}
          </Link>
        ))}
      </nav>
      <AdminTable
        columns={[
          t("outbox.to"),
          t("outbox.subject"),
          t("outbox.kind"),
          t("outbox.state"),
          t("outbox.created"),
        ]}
        actions={t("outbox.actions")}
        rows={mail.rows}
        row={(m) => (
          <tr key={m.id} className={selected?.id === m.id ? "bg-brand-50" : undefined}>
            <td className={`${tdClass} whitespace-nowrap`}>{m.to}</td>
            <td className={tdClass}>{m.subject}</td>
            <td className={tdClass}>
              <code className="text-xs">{m.kind}</code>
            </td>
            <td className={tdClass}>
              <Badge tone={STATUS_TONE[m.status]}>{t(`outbox.status.${m.status}`)}</Badge>
              <span className="mt-1 block text-xs text-slate-500">
                {t("outbox.attempts", { count: m.attempts })}
                {m.sentAt ? ` · ${t("outbox.sentAt", { at: formatDateTime(m.sentAt) })}` : ""}
              </span>
              {m.lastError ? <span className="block text-xs text-red-700">{m.lastError}</span> : null}
            </td>
            <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(m.createdAt)}</td>
            <td className={tdClass}>
              <div className="flex justify-end gap-2">
                <Link
                  to={hrefWith({ mail: m.id })}
                  preventScrollReset
                  className={smallButton}
                  aria-label={`${t("outbox.view")}: ${m.subject}`}
                >
                  {t("outbox.view")}
                </Link>
                {m.status === "dead" ? (
                  <fetcher.Form method="post" action="?tab=email-templates" preventScrollReset>
                    <input type="hidden" name="intent" value="retryMail" />
                    <input type="hidden" name="id" value={m.id} />
                    <button type="submit" className={smallButton} disabled={busy}>
                      {t("outbox.retry")}
                    </button>
                  </fetcher.Form>
                ) : null}
              </div>
            </td>
          </tr>
        )}
        empty={t("outbox.empty")}
      />
      <Pagination pageSize={20} total={mail.total} param="mailPage" label={t("outbox.pages")} />
      {selected ? (
        <div className="mt-4 rounded-lg border border-slate-200 p-3">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm">
            <p>
              <span className="font-medium">{selected.subject}</span> — {selected.to}
            </p>
            <Link to={hrefWith({ mail: null })} preventScrollReset className={smallButton}>
              {t("outbox.close")}
            </Link>
          </div>
          <iframe
            title={t("outbox.mailBody", { subject: selected.subject })}
            sandbox=""
            srcDoc={selected.html}
            className="h-[28rem] w-full rounded-md border border-slate-200 bg-white"
          />
        </div>
      ) : null}
    </Panel>
  );
}
