import { CSV_FIELDS } from "#common/portfolio-csv";
import { PORTFOLIO_MESSAGES as M, MAX_IMPORT_CHARS } from "#common/portfolio-schema";
import { csvCell } from "#common/screener";
import type { ActivityStore } from "../activity-store";
import type { PortfolioBook } from "../book";
import type { Activity } from "../engine/types";
import { sequenceProblems } from "../sequence";
import type { PortfolioStore } from "../store";
import type { ActivityInput, ExportFile, ImportResult, ImportRow } from "../types";
import { asObject, badField, checkActivity, type InstrumentLookup, ownId } from "../validation";
import { csvRecords } from "./csv";
import { ghostfolioRecords, toGhostfolio } from "./ghostfolio";

export interface TransferDeps {
  store: PortfolioStore;
  activities: ActivityStore;
  book: PortfolioBook;
  lookup: InstrumentLookup;
  today: () => string;
}

function readRequest(input: unknown) {
  const body = asObject(input);
  if (body.format !== "csv" && body.format !== "ghostfolio") throw badField("format", M.importFormat);
  if (typeof body.content !== "string" || !body.content.trim()) throw badField("content", M.importEmpty);
  if (body.content.length > MAX_IMPORT_CHARS) throw badField("content", M.importTooLarge);
  return { format: body.format, content: body.content, mapping: body.mapping, dryRun: body.dryRun !== false };
}

/** A fee a broker's statement writes in its fee column is the fee's amount. */
function feeAmount(record: Record<string, unknown>) {
  if (record.type === "fee" && record.amount === undefined && record.commission !== undefined) {
    return { ...record, amount: record.commission, commission: undefined };
  }
  return record;
}

/** Each row checked alone, then the whole sequence with the portfolio's activities (a sale within holdings). */
function checkRows(
  records: Array<Record<string, unknown>>,
  existing: Activity[],
  d: TransferDeps,
): ImportRow[] {
  const rows: ImportRow[] = records.map((record, i) => {
    const { activity, errors } = checkActivity(feeAmount(record), d.lookup, d.today());
    return activity ? { row: i + 1, activity, errors } : { row: i + 1, errors };
  });
  if (rows.some((r) => r.errors.length)) return rows;
  const last = existing.reduce((max, a) => Math.max(max, a.sequence), 0);
  const added = rows.map((r, i) => ({ ...r.activity!, id: `row:${i}`, sequence: last + 1 + i }));
  for (const { activity, error } of sequenceProblems([...existing, ...added], d.today())) {
    const row = activity.id.startsWith("row:") ? rows[Number(activity.id.slice(4))] : rows[0];
    row?.errors.push(error);
  }
  return rows;
}

const EXPORT_FORMATS = ["csv", "json", "ghostfolio"] as const;

/** Import (CSV with a column mapping, Ghostfolio's JSON) and export (CSV, JSON, Ghostfolio's JSON). */
export function portfolioTransfer(d: TransferDeps) {
  return {
    /** Every row checked; written only when every row is valid and it is not a dry run, in one transaction. */
    async importActivities(userId: string, portfolioId: string, input: unknown): Promise<ImportResult> {
      const id = ownId(portfolioId);
      await d.store.get(userId, id);
      const req = readRequest(input);
      const records =
        req.format === "csv"
          ? csvRecords(req.content, req.mapping)
          : ghostfolioRecords(req.content, (s) => Boolean(s && d.lookup.find(s)));
      const rows = checkRows(records, await d.activities.list(userId, id), d);
      const valid = rows.every((r) => r.errors.length === 0);
      if (!valid || req.dryRun) return { rows, valid, written: 0 };
      const added = await d.book.addMany(
        userId,
        id,
        rows.map((r) => r.activity as ActivityInput),
      );
      return { rows, valid, written: added.length };
    },
    async exportActivities(userId: string, portfolioId: string, format: unknown): Promise<ExportFile> {
      const id = ownId(portfolioId);
      const portfolio = await d.store.get(userId, id);
      if (!EXPORT_FORMATS.includes(format as never)) throw badField("format", M.exportFormat);
      const activities = await d.activities.list(userId, id);
      const stem = `portfolio-${portfolio.name.replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 40) || "export"}`;
      if (format === "csv") {
        const lines = [CSV_FIELDS.join(",")];
        for (const a of activities) lines.push(CSV_FIELDS.map((f) => csvCell(a[f] ?? null)).join(","));
        return {
          contentType: "text/csv; charset=utf-8",
          filename: `${stem}.csv`,
          body: `\uFEFF${lines.join("\r\n")}\r\n`,
        };
      }
      const body =
        format === "ghostfolio"
          ? toGhostfolio(portfolio, activities, new Date())
          : { portfolio: { name: portfolio.name, baseCurrency: portfolio.baseCurrency }, activities };
      return {
        contentType: "application/json; charset=utf-8",
        filename: `${stem}${format === "ghostfolio" ? "-ghostfolio" : ""}.json`,
        body: JSON.stringify(body, null, 2),
      };
    },
  };
}
