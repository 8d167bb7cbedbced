/**
 * Quotes in a currency's minor unit. Boursa Kuwait prices (and some data sources' ".KW" quotes)
 * are in fils: 1 KWD = 1,000 fils. The engine works in major units only, so a price whose source
 * says its unit is fils ("KWF", "fils") or pence ("GBp", "GBX") is divided by the minor-unit ratio
 * here, before it reaches the engine (×0.001 for fils). The rule is explicit, never guessed from the
 * size of a number: the caller states the unit its source uses.
 */
const MINOR_UNITS: Readonly<Record<string, { major: string; perMajor: number }>> = {
  KWF: { major: "KWD", perMajor: 1000 },
  FILS: { major: "KWD", perMajor: 1000 },
  GBp: { major: "GBP", perMajor: 100 },
  GBX: { major: "GBP", perMajor: 100 },
};

function minorUnit(currency: string) {
  return MINOR_UNITS[currency] ?? MINOR_UNITS[currency.toUpperCase()];
}

/** A price in the major unit: 1,234 fils ("KWF") → 1.234 KWD; a major-unit price passes through. */
export function normaliseQuotePrice(price: number, currency: string): { price: number; currency: string } {
  const unit = minorUnit(currency);
  // Division (not ×0.001) gives the double nearest the true value: 1234 / 1000 is exactly 1.234.
  return unit ? { price: price / unit.perMajor, currency: unit.major } : { price, currency };
}

export function isMinorUnit(currency: string): boolean {
  return Boolean(minorUnit(currency));
}
