import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import {
  SHARIAH_RULINGS,
  type ShariahAuthority,
  type ShariahRowError,
  type ShariahRuling,
} from "#common/shariah";
import { Panel } from "~/components/admin/ui";
import { Field, SelectField } from "~/components/forms/field";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import "~/locales/shariah";

type SaveAnswer = { ok: true; message: string } | { ok: false; error: string; rowErrors?: ShariahRowError[] };

/** One company's ruling by one authority, added or corrected (POST /api/admin/shariah); `row` fills it to edit. */
export function ShariahRowForm({
  authorities,
  row,
}: {
  authorities: ShariahAuthority[];
  row?: ShariahRuling | null;
}) {
  const { t } = useTranslation("shariah");
  const lang = useLang();
  const st = useServerText();
  const fetcher = useFetcher<SaveAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Each refused field shows its reason in the page's language.
  const errors = Object.fromEntries(
    (answer && !answer.ok ? (answer.rowErrors ?? []) : []).map((e) => [
      e.field,
      lang === "ar" ? e.message.ar : e.message.en,
    ]),
  ) as Record<string, string | undefined>;
  return (
    <Panel title={t("admin.oneRow")}>
      <fetcher.Form
        method="post"
        action="/api/admin/shariah"
        noValidate
        className="grid gap-4 md:grid-cols-2"
      >
        <Field
          label={t("admin.symbol")}
          name="symbol"
          dir="ltr"
          defaultValue={row?.symbol}
          error={errors.symbol}
        />
        <SelectField
          label={t("admin.authority")}
          name="authority"
          defaultValue={row?.authority.id}
          options={authorities.map((a) => ({ value: a.id, label: lang === "ar" ? a.nameAr : a.nameEn }))}
          error={errors.authority}
        />
        <SelectField
          label={t("admin.ruling")}
          name="ruling"
          defaultValue={row?.ruling}
          options={SHARIAH_RULINGS.map((r) => ({ value: r, label: t(`rulings.${r}`) }))}
          error={errors.ruling}
        />
        <Field
          label={t("admin.listDate")}
          name="listDate"
          type="date"
          dir="ltr"
          defaultValue={row?.listDate}
          error={errors.listDate}
        />
        <Field
          label={t("admin.listUrl")}
          name="listUrl"
          type="url"
          dir="ltr"
          defaultValue={row?.listUrl}
          error={errors.listUrl}
        />
        <Field
          label={t("admin.purification")}
          name="purificationPerShare"
          dir="ltr"
          defaultValue={row?.purificationPerShare ?? ""}
          error={errors.purificationPerShare}
        />
        <Field
          label={t("admin.source")}
          name="source"
          defaultValue={row?.source}
          error={errors.source}
          className="md:col-span-2"
        />
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
  );
}
