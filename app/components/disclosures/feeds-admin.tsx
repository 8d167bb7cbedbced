import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { type DisclosureFeed, FEED_LANGUAGES, MAPPING_FIELDS, MAPPING_MATCHES } from "#common/disclosures";
import { LISTING_EXCHANGES } from "#common/instruments";
import { AdminTable } from "~/components/admin/table";
import { Panel, tdClass } from "~/components/admin/ui";
import { Checkbox, Field, SelectField } from "~/components/forms/field";
import { useServerText } from "~/lib/server-text";
import "~/locales/disclosures";
import "~/locales/market";

type SaveAnswer =
  | { ok: true; message: string }
  | { ok: false; error: string; fields?: Record<string, string> };

/** The disclosure feeds and a form to add one (POST /api/admin/disclosure-feeds). */
export function FeedsAdmin({ feeds }: { feeds: DisclosureFeed[] }) {
  const { t } = useTranslation("disclosures");
  const { t: tm } = useTranslation("market");
  const st = useServerText();
  const fetcher = useFetcher<SaveAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const err = (name: string) =>
    answer && !answer.ok && answer.fields?.[name] ? st(answer.fields[name]) : undefined;
  const options = <T extends string>(values: readonly T[], label: (v: T) => string) =>
    values.map((v) => ({ value: v, label: label(v) }));
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{t("admin.intro")}</p>
      <Panel title={t("admin.heading")}>
        <AdminTable
          columns={[
            t("admin.name"),
            t("admin.exchange"),
            t("admin.pattern"),
            t("admin.lastFetched"),
            t("admin.lastError"),
          ]}
          rows={feeds}
          empty={t("admin.empty")}
          row={(f) => (
            <tr key={f.id}>
              <td className={tdClass}>
                {f.name}
                <span className="block text-xs text-slate-500" dir="ltr">
                  {f.url}
                </span>
              </td>
              <td className={tdClass}>{tm(`exchanges.${f.exchange}`, { defaultValue: f.exchange })}</td>
              <td className={tdClass} dir="ltr">
                {t(`admin.fields.${f.field}`)}: <code>{f.pattern}</code> → {t(`admin.matches.${f.match}`)}
              </td>
              <td className={tdClass} dir="ltr">
                {f.lastFetchedAt ? f.lastFetchedAt.slice(0, 16).replace("T", " ") : t("admin.never")}
              </td>
              <td className={tdClass}>{f.lastError ?? "—"}</td>
            </tr>
          )}
        />
      </Panel>
      <Panel title={t("admin.save")}>
        <fetcher.Form
          method="post"
          action="/api/admin/disclosure-feeds"
          noValidate
          className="grid gap-4 md:grid-cols-2"
        >
          <Field label={t("admin.name")} name="name" error={err("name")} />
          <Field label={t("admin.url")} name="url" type="url" dir="ltr" error={err("url")} />
          <SelectField
            label={t("admin.exchange")}
            name="exchange"
            options={options(LISTING_EXCHANGES, (e) => tm(`exchanges.${e}`, { defaultValue: e }))}
            error={err("exchange")}
          />
          <SelectField
            label={t("admin.language")}
            name="language"
            options={options(FEED_LANGUAGES, (l) => t(`admin.languages.${l}`))}
          />
          <SelectField
            label={t("admin.field")}
            name="field"
            options={options(MAPPING_FIELDS, (f) => t(`admin.fields.${f}`))}
          />
          <Field label={t("admin.pattern")} name="pattern" dir="ltr" error={err("pattern")} />
          <SelectField
            label={t("admin.match")}
            name="match"
            options={options(MAPPING_MATCHES, (m) => t(`admin.matches.${m}`))}
          />
          <Checkbox label={t("admin.enabled")} name="enabled" value="true" defaultChecked />
          <div className="flex flex-wrap items-center gap-3 md:col-span-2">
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
            >
              {t("admin.save")}
            </button>
            {answer?.ok ? (
              <p role="status" className="text-sm text-emerald-800">
                {t("admin.saved")}
              </p>
            ) : answer ? (
              <p role="alert" className="text-sm text-red-700">
                {st(answer.error)}
              </p>
            ) : null}
          </div>
        </fetcher.Form>
      </Panel>
    </div>
  );
}
