import { useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass, SelectField, TextareaField } from "~/components/forms/field";
import { csvHeader, guessMapping, IMPORT_FIELDS, type ImportField } from "./import-mapping";
import { headingClass, panelClass, toolClass } from "./styles";
import { usePortfolioCall } from "./use-portfolio-call";
import "~/locales/portfolio";

interface ImportAnswer {
  rows: { row: number; errors: { field: string; message: string }[] }[];
  valid: boolean;
  written: number;
}

type Outcome = { kind: "refused" | "checked" | "written"; count: number; answer: ImportAnswer };

/** The answer's summary line: refused (nothing written), checked (dry run) or written. */
function outcomeOf(answer: ImportAnswer, dryRun: boolean): Outcome {
  if (!answer.valid)
    return { kind: "refused", count: answer.rows.filter((r) => r.errors.length).length, answer };
  return dryRun
    ? { kind: "checked", count: answer.rows.length, answer }
    : { kind: "written", count: answer.written, answer };
}

function Preview({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation("portfolio");
  return (
    <div className="flex flex-col gap-2" data-testid="import-result" data-outcome={outcome.kind}>
      <p
        role="status"
        className={
          outcome.kind === "refused"
            ? "text-sm font-medium text-red-700"
            : "text-sm font-medium text-emerald-700"
        }
      >
        {t(`import.${outcome.kind}`, { count: outcome.count })}
      </p>
      {outcome.kind === "written" ? null : (
        <div className="max-h-64 overflow-auto">
          <table className="w-full text-sm" aria-label={t("import.preview")}>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="px-2 py-1 text-start font-medium">
                  {t("import.row")}
                </th>
                <th scope="col" className="px-2 py-1 text-start font-medium">
                  {t("import.status")}
                </th>
              </tr>
            </thead>
            <tbody>
              {outcome.answer.rows.map((r) => (
                <tr
                  key={r.row}
                  className="border-b border-slate-100"
                  data-row={r.row}
                  data-valid={r.errors.length ? "false" : "true"}
                >
                  <td className="px-2 py-1 tabular-nums">{r.row}</td>
                  <td className={`px-2 py-1 ${r.errors.length ? "text-red-700" : "text-emerald-700"}`}>
                    {r.errors.length ? r.errors.map((e) => e.message).join(" · ") : t("import.ok")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Column mapping: which column of the file holds each field (guessed from the header). */
function MappingFields({
  header,
  mapping,
  onChange,
}: {
  header: string[];
  mapping: Partial<Record<ImportField, string>>;
  onChange: (field: ImportField, column: string) => void;
}) {
  const { t } = useTranslation("portfolio");
  const options = [
    { value: "", label: t("import.noColumn") },
    ...header.map((h) => ({ value: h, label: h })),
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">{t("import.mapping")}</legend>
      <p className="text-xs text-slate-600">{t("import.mappingHint")}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {IMPORT_FIELDS.map((field) => (
          <SelectField
            key={field}
            label={t(`import.fields.${field}`)}
            value={mapping[field] ?? ""}
            onChange={(e) => onChange(field, e.target.value)}
            options={options}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * CSV (or Ghostfolio) import: paste or choose a file, map the columns, check it (dry run) and
 * import; the server writes nothing unless every row is valid, and says what is wrong in each row.
 */
export function ImportPanel({ portfolioId }: { portfolioId: string }) {
  const { t } = useTranslation("portfolio");
  const { call, busy } = usePortfolioCall();
  const [format, setFormat] = useState<"csv" | "ghostfolio">("csv");
  const [content, setContent] = useState("");
  const [mapping, setMapping] = useState<Partial<Record<ImportField, string>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const header = format === "csv" ? csvHeader(content) : [];
  const changeContent = (text: string) => {
    setContent(text);
    setMapping(guessMapping(csvHeader(text)));
    setOutcome(null);
  };
  async function send(dryRun: boolean) {
    const used = Object.fromEntries(Object.entries(mapping).filter(([, c]) => c));
    const body = { format, content, dryRun, ...(format === "csv" ? { mapping: used } : {}) };
    const r = await call<ImportAnswer>(`/${portfolioId}/import`, "POST", body);
    if (r.ok) setOutcome(outcomeOf(r.data, dryRun));
  }
  return (
    <section
      className={`${panelClass} flex flex-col gap-3`}
      aria-labelledby="import-heading"
      data-testid="import"
    >
      <h2 id="import-heading" className={headingClass}>
        {t("import.heading")}
      </h2>
      <p className="text-sm text-slate-600">{t("import.intro")}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t("import.format")}
          value={format}
          onChange={(e) => setFormat(e.target.value as "csv" | "ghostfolio")}
          options={(["csv", "ghostfolio"] as const).map((v) => ({
            value: v,
            label: t(`import.formats.${v}`),
          }))}
        />
        <label className={`${toolClass} cursor-pointer`}>
          {t("import.file")}
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            className="sr-only"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) changeContent(await file.text());
            }}
          />
        </label>
      </div>
      <TextareaField
        label={t("import.content")}
        value={content}
        dir="ltr"
        onChange={(e) => changeContent(e.target.value)}
      />
      {header.length ? (
        <MappingFields
          header={header}
          mapping={mapping}
          onChange={(f, c) => setMapping((m) => ({ ...m, [f]: c }))}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={toolClass}
          disabled={busy || !content.trim()}
          onClick={() => void send(true)}
        >
          {t("import.dryRun")}
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={busy || !content.trim()}
          onClick={() => void send(false)}
        >
          {t("import.run")}
        </button>
      </div>
      {outcome ? <Preview outcome={outcome} /> : null}
    </section>
  );
}
