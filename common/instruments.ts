import { z } from "zod";

/** The exchanges whose listed companies the site knows (server/market/universe). */
export const LISTING_EXCHANGES = [
  "TADAWUL",
  "DFM",
  "ADX",
  "QSE",
  "BOURSA_KUWAIT",
  "BAHRAIN",
  "MSX",
  "ASE",
] as const;

/** One row of GET /api/instruments. */
export interface InstrumentSummary {
  symbol: string;
  name: string;
  nameAr: string;
  exchange: string;
  sector: string;
  currency: string;
}

export const MAX_INSTRUMENTS_LIMIT = 50;

/** The query of GET /api/instruments; every field optional, nothing else read. */
export const instrumentsQuerySchema = z.object({
  q: z.string().max(100, "q: at most 100 characters").default(""),
  exchange: z
    .enum(LISTING_EXCHANGES, { message: `exchange: one of ${LISTING_EXCHANGES.join(", ")}` })
    .optional(),
  limit: z.coerce
    .number({ message: "limit: a whole number" })
    .int("limit: a whole number")
    .min(1, "limit: at least 1")
    .max(MAX_INSTRUMENTS_LIMIT, `limit: at most ${MAX_INSTRUMENTS_LIMIT}`)
    .default(20),
});

export type InstrumentsQuery = z.infer<typeof instrumentsQuerySchema>;

/** Parses URL search params: the query, or the first problem in words. */
export function parseInstrumentsQuery(
  params: URLSearchParams,
): { ok: true; query: InstrumentsQuery } | { ok: false; error: string } {
  const raw: Record<string, string> = {};
  for (const key of ["q", "exchange", "limit"]) {
    const all = params.getAll(key);
    if (all.length > 1) return { ok: false, error: `${key}: give it once` };
    if (all.length === 1 && !(key !== "q" && all[0] === "")) raw[key] = all[0]!;
  }
  const parsed = instrumentsQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "bad query" };
  return { ok: true, query: parsed.data };
}
