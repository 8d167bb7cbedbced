import type { Format } from "~/lib/format";

/** A share count: whole numbers grouped, fractions (after a split) to four places. */
export const quantityText = (f: Format, q: number) => (Number.isInteger(q) ? f.integer(q) : f.fixed(q, 4));

/** A money amount in its currency, placed as the page's language places it (a loss keeps its minus). */
export const moneyText = (f: Format, amount: number, currency: string) => f.currency(amount, currency);

/** A fraction (0.052) as a signed percent ("+5.20%"). */
export const fractionText = (f: Format, v: number) => f.changePercent(v * 100);

/** A weight (0.25) as a percent with one decimal ("25.0%"). */
export const weightText = (f: Format, v: number) => `${f.fixed(v * 100, 1)}%`;
