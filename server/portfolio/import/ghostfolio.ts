import { AppError } from "#common/errors";
import { PORTFOLIO_MESSAGES as M } from "#common/portfolio-schema";
import type { Activity } from "../engine/types";
import type { Portfolio } from "../types";

/**
 * Ghostfolio's export format, as its own import accepts it (ghostfolio/ghostfolio, files under
 * test/import/ok/, e.g. sample.json and without-accounts.json): `{ meta: { date, version },
 * activities: [{ date (ISO time), type (BUY, SELL, DIVIDEND, FEE, INTEREST, ITEM, LIABILITY),
 * symbol, dataSource, currency, quantity, unitPrice, fee, comment? }] }`. A dividend there is
 * quantity × unitPrice; a fee's amount is its `fee`.
 */
export interface GhostfolioActivity {
  date: string;
  type: string;
  symbol: string;
  dataSource: string;
  currency: string;
  quantity: number;
  unitPrice: number;
  fee: number;
  comment?: string | null;
}

/** Yahoo's Gulf suffixes, which Ghostfolio keeps in its symbols ("2222.SR", "EMAAR.AE"). */
const YAHOO_SUFFIX = /\.(SR|AE|QA|KW|BH|OM|AD|DU|CA)$/i;

/** Ghostfolio's activities as activity fields (unchecked); `known` tells a listed symbol. */
export function ghostfolioRecords(content: string, known: (symbol: string) => boolean) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    parsed = null;
  }
  const list = (parsed as { activities?: unknown } | null)?.activities;
  if (!Array.isArray(list))
    throw new AppError("bad_request:portfolio_import", M.importJson, { content: M.importJson });
  if (list.length === 0)
    throw new AppError("bad_request:portfolio_import", M.importEmpty, { content: M.importEmpty });
  return list.map((raw): Record<string, unknown> => {
    const g = (raw && typeof raw === "object" ? raw : {}) as Partial<GhostfolioActivity>;
    const kind = String(g.type ?? "").toUpperCase();
    let symbol = typeof g.symbol === "string" ? g.symbol.trim() : "";
    if (symbol && !known(symbol) && YAHOO_SUFFIX.test(symbol)) symbol = symbol.replace(YAHOO_SUFFIX, "");
    const quantity = Number(g.quantity ?? 0);
    const unitPrice = Number(g.unitPrice ?? 0);
    const fee = Number(g.fee ?? 0);
    const base = {
      date: typeof g.date === "string" ? g.date.slice(0, 10) : "",
      currency: g.currency,
      note: g.comment ?? undefined,
    };
    switch (kind) {
      case "BUY":
        // Shares received for nothing are bonus shares.
        if (unitPrice === 0) return { ...base, type: "bonus", symbol, quantity };
        return { ...base, type: "buy", symbol, quantity, unitPrice, commission: fee };
      case "SELL":
        return { ...base, type: "sell", symbol, quantity, unitPrice, commission: fee };
      case "DIVIDEND":
        return {
          ...base,
          type: "dividend",
          symbol,
          quantity,
          amount: quantity * unitPrice,
          withholding: fee,
        };
      case "FEE":
        return {
          ...base,
          type: "fee",
          symbol: known(symbol) ? symbol : undefined,
          amount: fee || quantity * unitPrice,
          note: base.note ?? (known(symbol) ? undefined : symbol || undefined),
        };
      case "INTEREST":
        return { ...base, type: "deposit", amount: quantity * unitPrice };
      default:
        return { ...base, type: kind || undefined, symbol };
    }
  });
}

const round = (n: number) => Math.round(n * 1e8) / 1e8;

/**
 * The portfolio in Ghostfolio's format. Splits, deposits and withdrawals have no Ghostfolio
 * activity (it adjusts splits from its own data and keeps cash as account balances): left out.
 */
export function toGhostfolio(portfolio: Portfolio, activities: Activity[], now: Date) {
  const out: GhostfolioActivity[] = [];
  for (const a of activities) {
    const common = {
      date: `${a.date}T00:00:00.000Z`,
      symbol: a.symbol ?? "",
      dataSource: a.symbol ? "YAHOO" : "MANUAL",
      currency: a.currency,
      comment: a.note ?? null,
    };
    if (a.type === "buy" || a.type === "rights" || a.type === "sell") {
      const type = a.type === "sell" ? "SELL" : "BUY";
      out.push({
        ...common,
        type,
        quantity: a.quantity,
        unitPrice: a.unitPrice,
        fee: round(a.commission + a.vat),
      });
    } else if (a.type === "bonus") {
      out.push({ ...common, type: "BUY", quantity: a.quantity, unitPrice: 0, fee: 0 });
    } else if (a.type === "dividend") {
      const quantity = a.quantity > 0 ? a.quantity : 1;
      out.push({
        ...common,
        type: "DIVIDEND",
        quantity,
        unitPrice: round(a.amount / quantity),
        fee: a.withholding,
      });
    } else if (a.type === "fee") {
      out.push({ ...common, type: "FEE", quantity: 0, unitPrice: 0, fee: a.amount });
    }
  }
  return {
    meta: { date: now.toISOString(), version: "gulfpulse-1" },
    activities: out,
    user: { settings: { currency: portfolio.baseCurrency } },
  };
}
