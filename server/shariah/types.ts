import type { ShariahAuthority, ShariahRowError, ShariahRowInput, ShariahRuling } from "#common/shariah";

export type { ShariahAuthority, ShariahRowError, ShariahRuling } from "#common/shariah";

/** What an import did, or would do on a dry run: rows new and rows replacing an earlier ruling. */
export type ShariahImportResult =
  | { ok: true; dryRun: boolean; rows: number; inserted: number; updated: number }
  | { ok: false; errors: ShariahRowError[] };

/** Published Shariah rulings per company and authority (docs/product/markets.md). */
export interface Shariah {
  /** Every authority, in the page's order. */
  authorities(): Promise<ShariahAuthority[]>;
  /** One company's rulings, in the authorities' order; [] for none or an unknown symbol. */
  forSymbol(symbol: string): Promise<ShariahRuling[]>;
  /** The editor's list: newest change first, optionally one symbol's rows. */
  list(opts: {
    symbol?: string;
    page: number;
    pageSize: number;
  }): Promise<{ rows: ShariahRuling[]; total: number }>;
  /** One row written (insert or replace the company's ruling by that authority); audited. */
  save(
    actorId: string,
    input: Partial<ShariahRowInput>,
  ): Promise<{ ok: true; ruling: ShariahRuling } | { ok: false; errors: ShariahRowError[] }>;
  /** A CSV file checked whole; written in one transaction only when every row is good and not a dry run. */
  importCsv(actorId: string, csv: string, opts: { dryRun: boolean }): Promise<ShariahImportResult>;
  /** Removes one company's ruling by one authority; audited. False when there was none. */
  remove(actorId: string, symbol: string, authorityId: string): Promise<boolean>;
  /** The authorities and the shipped rulings (never overwriting an editor's row); rows added. */
  seed(): Promise<number>;
}
