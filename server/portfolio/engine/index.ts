export { computeSnapshotChunked } from "./chunked";
export { isMinorUnit, normaliseQuotePrice } from "./fils";
export { createFxRates, type DailyUsdRates, pegRate, USD_PEGS } from "./fx-pegs";
export { createLedger } from "./ledger";
export { computeSnapshot } from "./snapshot";
export * from "./types";
export { validateSequence } from "./validate";
export { formatHijri, zakatEstimate } from "./zakat";
