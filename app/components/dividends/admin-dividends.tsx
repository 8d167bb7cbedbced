import { useTranslation } from "react-i18next";
import { Panel } from "~/components/admin/ui";
import { Field } from "~/components/forms/field";
import { useForm } from "~/components/forms/use-form";
import type { UpcomingRow } from "~/lib/server/dividends.server";
import { useServerText } from "~/lib/server-text";
import { useFormat } from "~/lib/use-format";
import { actionText, dayText } from "./action-text";
import { SourceText } from "./dividends-section";
import "~/locales/dividends";

type SaveResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fields?: Record<string, string> };

const FIELDS = [
  ["symbol", "text"],
  ["exDate", "date"],
  ["recordDate", "date"],
  ["paymentDate", "date"],
  ["amount", "text"],
  ["currency", "text"],
  ["bonusShares", "text"],
  ["sourceUrl", "url"],
] as const;

/**
 * The editor's distributions: one form to enter or correct a company's distribution (POST
 * /api/admin/dividends, admins only; a row for the same company, kind and ex-date is corrected),
 * and the upcoming ones with their sources.
 */
export function AdminDividends({ rows }: { rows: UpcomingRow[] }) {
  const { t } = useTranslation("dividends");
  const st = useServerText();
  const f = useFormat();
  const { fetcher, formRef, busy, result, fields } = useForm<SaveResult>();
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{t("admin.intro")}</p>
      <Panel title={t("admin.heading")}>
        <fetcher.Form
          ref={formRef}
          method="post"
          action="/api/admin/dividends"
          noValidate
          className="grid gap-4 md:grid-cols-2"
        >
          {FIELDS.map(([name, type]) => (
            <Field
              key={name}
              label={t(`admin.${name}`)}
              name={name}
              type={type}
              dir="ltr"
              error={fields[name] ? st(fields[name]) : undefined}
            />
          ))}
          <div className="flex flex-wrap items-center gap-3 md:col-span-2">
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
            >
              {t("admin.save")}
            </button>
            {/* Field errors are shown beside their fields; a refusal of the whole form here. */}
            {result?.ok ? (
              <p role="status" className="text-sm text-emerald-800">
                {t("admin.saved")}
              </p>
            ) : result && Object.keys(fields).length === 0 ? (
              <p role="alert" className="text-sm text-red-700">
                {st(result.error)}
              </p>
            ) : null}
          </div>
        </fetcher.Form>
      </Panel>
      <Panel title={t("admin.upcomingHeading")}>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">{t("calendar.none")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {rows.map((r) => (
              <li key={r.id} className="py-2" data-testid="admin-dividend-row">
                <span className="font-medium" dir="ltr">
                  {r.symbol}
                </span>{" "}
                {actionText(r, t, f)} · {t("exDate")}: {dayText(f, r.exDate)} · {t("paymentDate")}:{" "}
                {dayText(f, r.paymentDate)} · <SourceText action={r} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
