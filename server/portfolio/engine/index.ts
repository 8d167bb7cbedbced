export { createLedger } from "./ledger";
export { computeSnapshot } from "./snapshot";
export * from "./types";
export { validateSequence } from "./validate";
