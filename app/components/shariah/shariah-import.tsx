import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { ShariahRowError } from "#common/shariah";
import { Panel, smallButton } from "~/components/admin/ui";
import { TextareaField } from "~/components/forms/field";
import { useServerText } from "~/lib/server-text";
import { RowErrors } from "./row-errors";
import "~/locales/shariah";

type ImportAnswer =
  | { ok: true; dryRun: boolean; rows: number; inserted: number; updated: number }
  | { ok: false; error: string; rowErrors?: ShariahRowError[] };

/**
 * A CSV of rulings: read from a chosen file (or pasted), checked with a dry run that writes
 * nothing, then imported whole (POST /api/admin/shariah/import). Refused rows are listed.
 */
export function ShariahImport() {
  const { t } = useTranslation("shariah");
  const st = useServerText();
  const fetcher = useFetcher<ImportAnswer>();
  const [csv, setCsv] = useState("");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const send = (dryRun: boolean) =>
    fetcher.submit(
      { csv, dryRun },
      { method: "post", action: "/api/admin/shariah/import", encType: "application/json" },
    );
  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file) setCsv(await file.text());
  }
  return (
    <Panel title={t("admin.import")}>
      <p className="mb-3 text-sm text-slate-600">{t("admin.importHint")}</p>
      <label className="mb-3 block text-sm font-medium text-slate-700">
        {t("admin.file")}
        <input type="file" accept=".csv,text/csv" onChange={choose} className="mt-1 block text-sm" />
      </label>
      <TextareaField
        label={t("admin.csvText")}
        name="csv"
        dir="ltr"
        value={csv}
        onChange={(e) => setCsv(e.currentTarget.value)}
      />
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className={smallButton}
          disabled={fetcher.state !== "idle"}
          onClick={() => send(true)}
        >
          {t("admin.check")}
        </button>
        <button
          type="button"
          className="rounded-md bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
          disabled={fetcher.state !== "idle"}
          onClick={() => send(false)}
        >
          {t("admin.importNow")}
        </button>
      </div>
      <div className="mt-3">
        {answer?.ok ? (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {t(answer.dryRun ? "admin.dryRunOk" : "admin.imported", answer)}
          </p>
        ) : answer?.rowErrors ? (
          <RowErrors errors={answer.rowErrors} />
        ) : answer ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {st(answer.error)}
          </p>
        ) : null}
      </div>
    </Panel>
  );
}
