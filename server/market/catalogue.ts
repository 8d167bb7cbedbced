import { AR_INSTRUMENTS } from "./arabic-names";
import { hashString } from "./random";
import type { Instrument, MarketCategory } from "./types";
import type { Listing, ListingTickers } from "./universe/types";

/** Simulator parameters and the external provider's ticker, beside the public instrument facts. */
export interface CatalogueEntry extends Instrument {
  /** Long-run level the simulator reverts to (reference snapshot levels). */
  base: number;
  /** Typical daily volatility as a fraction (0.01 = 1%). */
  dailyVol: number;
  /** Pegged currencies only move inside this band, in the last decimals. */
  peg?: { low: number; high: number };
  /** Ticker at Yahoo Finance's chart API ("" when it has none). */
  providerSymbol: string;
  /** Tickers at the other sources (a listed company's, from the universe file). */
  tickers?: ListingTickers;
  /** A listed company outside the curated set: quoted, but not on the home panels. */
  listed?: boolean;
  /** Arabic name carried by a listing (curated ones are in arabic-names.ts). */
  nameAr?: string;
}

type Row = [
  symbol: string,
  name: string,
  exchange: string,
  currency: string,
  decimals: number,
  base: number,
  dailyVol: number,
  providerSymbol: string,
  subcategory: string,
  aliases: string[],
  peg?: [number, number],
];

// biome-ignore format: one instrument per line reads as a table
const rows: Record<MarketCategory, Row[]> = {
  gulfStocks: [
    ["TASI", "Tadawul All Share Index", "TADAWUL", "SAR", 2, 11_250, 0.0107, "^TASI.SR", "Saudi Arabia", ["Tadawul", "Saudi index", "Saudi market", "Saudi stocks"]],
    ["DFMGI", "DFM General Index", "DFM", "AED", 2, 5_600, 0.0099, "DFMGI.AE", "UAE", ["DFM", "Dubai index", "Dubai market", "Dubai stocks"]],
    ["FADGI", "FTSE ADX General Index", "ADX", "AED", 2, 10_000, 0.009, "FADGI.FGI", "UAE", ["ADX", "Abu Dhabi index", "Abu Dhabi market"]],
    ["QSI", "QE Index", "QSE", "QAR", 2, 10_450, 0.0107, "^QSI", "Qatar", ["QE", "Qatar index", "Qatar market", "QSE"]],
    ["BKP", "Boursa Kuwait Premier Index", "BOURSA_KUWAIT", "KWD", 2, 7_850, 0.009, "^BKP.KW", "Kuwait", ["Kuwait index", "Kuwait market", "Boursa Kuwait", "Premier"]],
    ["BHSEASI", "Bahrain All Share Index", "BAHRAIN", "BHD", 2, 1_940, 0.0048, "^BHSEASI", "Bahrain", ["Bahrain index", "Bahrain market", "Bahrain Bourse"]],
    ["MSX30", "MSX 30 Index", "MSX", "OMR", 2, 5_400, 0.005, "^MSX30", "Oman", ["MSX", "Muscat index", "Oman index", "Oman market"]],
    ["ASEGI", "ASE General Index", "ASE", "JOD", 2, 2_490, 0.006, "^AMGNRLX", "Jordan", ["ASE", "Amman index", "Jordan index", "Jordan market"]],
    ["2222", "Saudi Aramco", "TADAWUL", "SAR", 2, 25.4, 0.012, "2222.SR", "Saudi Arabia", ["Aramco", "ARAMCO"]],
    ["1120", "Al Rajhi Bank", "TADAWUL", "SAR", 2, 96.5, 0.014, "1120.SR", "Saudi Arabia", ["Al Rajhi", "Rajhi", "ALRAJHI"]],
    ["EMAAR", "Emaar Properties", "DFM", "AED", 2, 14.2, 0.018, "EMAAR.AE", "UAE", ["Emaar"]],
    ["FAB", "First Abu Dhabi Bank", "ADX", "AED", 2, 15.3, 0.014, "FAB.AE", "UAE", ["First Abu Dhabi"]],
    ["QNBK", "Qatar National Bank", "QSE", "QAR", 2, 17.6, 0.012, "QNBK.QA", "Qatar", ["QNB"]],
  ],
  currencies: [
    ["USD/AED", "US Dollar / UAE Dirham", "FX", "AED", 4, 3.6725, 0, "AED=X", "Pegged", ["AED", "dirham", "UAE dirham"], [3.6722, 3.6728]],
    ["USD/SAR", "US Dollar / Saudi Riyal", "FX", "SAR", 4, 3.75, 0, "SAR=X", "Pegged", ["SAR", "riyal", "Saudi riyal"], [3.7497, 3.7512]],
    ["USD/KWD", "US Dollar / Kuwaiti Dinar", "FX", "KWD", 4, 0.307, 0.0008, "KWD=X", "Basket", ["KWD", "Kuwaiti dinar"]],
    ["USD/QAR", "US Dollar / Qatari Riyal", "FX", "QAR", 4, 3.64, 0, "QAR=X", "Pegged", ["QAR", "Qatari riyal"], [3.6385, 3.6415]],
    ["USD/BHD", "US Dollar / Bahraini Dinar", "FX", "BHD", 4, 0.376, 0, "BHD=X", "Pegged", ["BHD", "Bahraini dinar"], [0.3759, 0.3761]],
    ["USD/OMR", "US Dollar / Omani Rial", "FX", "OMR", 4, 0.3845, 0, "OMR=X", "Pegged", ["OMR", "Omani rial"], [0.3845, 0.385]],
    ["USD/JOD", "US Dollar / Jordanian Dinar", "FX", "JOD", 4, 0.709, 0, "JOD=X", "Pegged", ["JOD", "Jordanian dinar"], [0.7088, 0.7092]],
    ["EUR/USD", "Euro / US Dollar", "FX", "USD", 4, 1.16, 0.0045, "EURUSD=X", "Major", ["EUR", "euro"]],
    ["GBP/USD", "British Pound / US Dollar", "FX", "USD", 4, 1.33, 0.005, "GBPUSD=X", "Major", ["GBP", "pound", "sterling", "cable"]],
    ["USD/JPY", "US Dollar / Japanese Yen", "FX", "JPY", 4, 152, 0.006, "JPY=X", "Major", ["JPY", "yen"]],
  ],
  crypto: [
    ["BTC", "Bitcoin", "CRYPTO", "USD", 2, 95_000, 0.03, "BTC-USD", "Crypto", ["Bitcoin", "BTC/USD", "XBT"]],
    ["ETH", "Ethereum", "CRYPTO", "USD", 2, 3_200, 0.04, "ETH-USD", "Crypto", ["Ethereum", "ETH/USD", "ether"]],
    ["SOL", "Solana", "CRYPTO", "USD", 2, 140, 0.05, "SOL-USD", "Crypto", ["Solana", "SOL/USD"]],
    ["XRP", "XRP", "CRYPTO", "USD", 4, 2.2, 0.05, "XRP-USD", "Crypto", ["Ripple", "XRP/USD"]],
    ["BNB", "BNB", "CRYPTO", "USD", 2, 900, 0.03, "BNB-USD", "Crypto", ["Binance Coin", "BNB/USD"]],
  ],
  commodities: [
    ["BRENT", "Brent Crude Oil", "COMMODITIES", "USD", 2, 64.5, 0.02, "BZ=F", "Energy", ["Brent", "oil", "crude oil", "Brent crude"]],
    ["WTI", "WTI Crude Oil", "COMMODITIES", "USD", 2, 61.2, 0.022, "CL=F", "Energy", ["US oil", "West Texas", "crude"]],
    ["GOLD", "Gold", "COMMODITIES", "USD", 2, 4_050, 0.012, "GC=F", "Metals", ["XAU", "XAU/USD", "gold price"]],
    ["SILVER", "Silver", "COMMODITIES", "USD", 2, 50, 0.02, "SI=F", "Metals", ["XAG", "XAG/USD"]],
    ["NATGAS", "Natural Gas", "COMMODITIES", "USD", 3, 4.5, 0.035, "NG=F", "Energy", ["Natural Gas", "gas", "NG"]],
  ],
  usIndices: [
    ["SPX", "S&P 500", "NYSE", "USD", 2, 6_700, 0.01, "^GSPC", "United States", ["S&P 500", "S&P", "SP500", "GSPC"]],
    ["DJI", "Dow Jones Industrial Average", "NYSE", "USD", 2, 46_500, 0.009, "^DJI", "United States", ["Dow", "Dow Jones", "DJIA"]],
    ["IXIC", "Nasdaq Composite", "NYSE", "USD", 2, 22_800, 0.013, "^IXIC", "United States", ["Nasdaq", "Nasdaq Composite", "COMP"]],
  ],
};

export const CATEGORIES: MarketCategory[] = [
  "gulfStocks",
  "currencies",
  "crypto",
  "commodities",
  "usIndices",
];

export const CATALOGUE: CatalogueEntry[] = CATEGORIES.flatMap((category) =>
  rows[category].map(
    ([
      symbol,
      name,
      exchange,
      currency,
      decimals,
      base,
      dailyVol,
      providerSymbol,
      subcategory,
      aliases,
      peg,
    ]) => ({
      symbol,
      name,
      category,
      subcategory,
      exchange,
      currency,
      decimals,
      aliases,
      base,
      dailyVol,
      providerSymbol,
      ...(peg ? { peg: { low: peg[0], high: peg[1] } } : {}),
    }),
  ),
);

const COUNTRY: Record<string, string> = {
  TADAWUL: "Saudi Arabia",
  DFM: "UAE",
  ADX: "UAE",
  QSE: "Qatar",
  BOURSA_KUWAIT: "Kuwait",
  BAHRAIN: "Bahrain",
  MSX: "Oman",
  ASE: "Jordan",
};
/** Dinars and rials of Kuwait, Bahrain and Oman trade in thousandths. */
const THREE_DECIMALS = new Set(["KWD", "BHD", "OMR"]);

/**
 * Every listed company not in the curated set, as catalogue entries: quoted by the real sources
 * that know its tickers, otherwise simulated around a level derived from its symbol (a stable,
 * clearly labelled stand-in, not a price).
 */
export function listingEntries(listings: Listing[], curated: CatalogueEntry[] = CATALOGUE): CatalogueEntry[] {
  const known = new Set(curated.map((e) => e.symbol));
  const out: CatalogueEntry[] = [];
  for (const l of listings) {
    if (known.has(l.symbol)) continue;
    known.add(l.symbol);
    const h = hashString(l.symbol);
    const decimals = THREE_DECIMALS.has(l.currency) ? 3 : 2;
    const base = THREE_DECIMALS.has(l.currency) ? 0.1 + (h % 1900) / 1000 : 2 + (h % 9800) / 100;
    out.push({
      symbol: l.symbol,
      name: l.name,
      ...(l.nameAr && !l.nameArMissing ? { nameAr: l.nameAr } : {}),
      category: "gulfStocks",
      subcategory: COUNTRY[l.exchange] ?? l.exchange,
      exchange: l.exchange,
      currency: l.currency,
      decimals,
      aliases: [],
      base,
      dailyVol: 0.015,
      providerSymbol: l.tickers.yahoo ?? "",
      tickers: l.tickers,
      listed: true,
    });
  }
  return out;
}

/** The public facts only (no simulator parameters). */
export function publicInstrument(e: CatalogueEntry): Instrument {
  const { symbol, name, category, subcategory, exchange, currency, decimals, aliases } = e;
  // The Arabic name rides along with the catalogue the browser gets, so Arabic pages can name
  // instruments without another request or a client-side table.
  const nameAr = AR_INSTRUMENTS[symbol]?.name ?? e.nameAr;
  return {
    symbol,
    name,
    ...(nameAr ? { nameAr } : {}),
    category,
    subcategory,
    exchange,
    currency,
    decimals,
    aliases,
  };
}

const squash = (s: string) => s.toLowerCase().replace(/[\s/_.-]+/g, "");

/** The URL segment of an instrument: "USD/AED" -> "usd-aed". */
export const instrumentSlug = (symbol: string) => symbol.toLowerCase().replace(/\//g, "-");

/** Finds by symbol, slug, name or alias, ignoring case, spaces and separators. */
export function createFinder(entries: CatalogueEntry[]) {
  const index = new Map<string, CatalogueEntry>();
  // Symbols win over names, names over aliases, so an alias never shadows a real symbol.
  for (const e of entries) index.set(squash(e.symbol), e);
  for (const e of entries) if (!index.has(squash(e.name))) index.set(squash(e.name), e);
  // A listed company's Arabic name (the curated ones' are matched by the assistant and search).
  for (const e of entries) if (e.nameAr && !index.has(squash(e.nameAr))) index.set(squash(e.nameAr), e);
  for (const e of entries) for (const a of e.aliases) if (!index.has(squash(a))) index.set(squash(a), e);
  return (query: string) => {
    let text = query.trim();
    try {
      text = decodeURIComponent(text);
    } catch {}
    const key = squash(text);
    return key ? index.get(key) : undefined;
  };
}
