import type { ShariahRowInput } from "#common/shariah";
import { recordAudit } from "../admin/audit";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { MarketService } from "../market/types";
import { checkCsv } from "./import";
import { seedRulings } from "./seed";
import {
  countExisting,
  deleteRuling,
  readAuthorities,
  readRulings,
  upsertAuthorities,
  writeRulingsAudited,
} from "./store";
import type { Shariah } from "./types";
import { checkRow, type RowRules } from "./validate";

export interface ShariahDeps {
  db: Db;
  log: Logger;
  market: Pick<MarketService, "findInstrument">;
  clock?: () => number;
}

export function createShariah(deps: ShariahDeps): Shariah {
  const { db, market } = deps;
  const clock = deps.clock ?? Date.now;
  // The authorities are data the rows point at: written once per process before the first use.
  let ready: Promise<void> | undefined;
  function ensureAuthorities() {
    ready ??= upsertAuthorities(db).catch((err) => {
      ready = undefined;
      throw err;
    });
    return ready;
  }
  // Written at start, so no reader's request is the first to write them.
  ensureAuthorities().catch((err) => deps.log.warn({ err }, "shariah: authorities not written"));
  // A ruling belongs to a listed company, named by its symbol (not by a name the search would match).
  const symbolOf = (typed: string) => {
    const found = market.findInstrument(typed);
    return found && found.symbol.toUpperCase() === typed.toUpperCase() ? found.symbol : undefined;
  };
  async function rules(): Promise<RowRules> {
    await ensureAuthorities();
    const ids = new Set((await readAuthorities(db)).map((a) => a.id));
    return { symbolOf, authorityIds: ids, today: new Date(clock()).toISOString().slice(0, 10) };
  }
  return {
    async authorities() {
      await ensureAuthorities();
      return readAuthorities(db);
    },
    async forSymbol(typed) {
      const symbol = symbolOf(typed.trim());
      return symbol ? (await readRulings(db, { symbol })).rows : [];
    },
    async list({ symbol, page, pageSize }) {
      const listed = symbol ? symbolOf(symbol.trim()) : undefined;
      if (symbol && !listed) return { rows: [], total: 0 };
      return readRulings(db, { symbol: listed }, { limit: pageSize, offset: (page - 1) * pageSize });
    },
    async save(actorId, input: Partial<ShariahRowInput>) {
      const checked = checkRow(input, 1, await rules());
      if ("errors" in checked) return { ok: false, errors: checked.errors };
      const row = checked.value;
      await writeRulingsAudited(db, [row], actorId, {
        action: "shariah.save",
        target: `${row.symbol}/${row.authorityId}`,
        details: { ruling: row.ruling, listDate: row.listDate },
      });
      const saved = (await readRulings(db, { symbol: row.symbol })).rows;
      return { ok: true, ruling: saved.find((r) => r.authority.id === row.authorityId)! };
    },
    async importCsv(actorId, csv, { dryRun }) {
      const { rows, errors } = checkCsv(csv, await rules());
      if (errors.length) return { ok: false, errors };
      const updated = await countExisting(db, rows);
      // One transaction: the file is in the table whole or not at all.
      if (!dryRun) {
        await writeRulingsAudited(db, rows, actorId, {
          action: "shariah.import",
          details: { rows: rows.length, updated },
        });
      }
      return { ok: true, dryRun, rows: rows.length, inserted: rows.length - updated, updated };
    },
    async remove(actorId, symbol, authorityId) {
      const listed = symbolOf(symbol.trim()) ?? symbol.trim();
      const gone = await deleteRuling(db, listed, authorityId.trim().toLowerCase());
      if (gone)
        await recordAudit(db, { actorId, action: "shariah.remove", target: `${listed}/${authorityId}` });
      return gone;
    },
    async seed() {
      await ensureAuthorities();
      return seedRulings(db, (symbol) => symbolOf(symbol) === symbol);
    },
  };
}
