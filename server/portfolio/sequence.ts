import { PORTFOLIO_MESSAGES as M } from "#common/portfolio-schema";
import { fillMessage } from "#common/watchlist-schema";
import type { Activity, ValidationCode } from "./engine/types";
import { validateSequence } from "./engine/validate";
import type { RowError } from "./types";

/** Activities in the order they apply: by date, then by entry. */
export const byDateAndEntry = (a: Activity, b: Activity) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.sequence - b.sequence;

/** Each engine code's field and message; a code added later reads as a problem with the quantity. */
const PROBLEMS: Partial<Record<ValidationCode, { field: string; message: (a: Activity) => string }>> = {
  oversell: {
    field: "quantity",
    message: (a) => fillMessage(M.oversell, { symbol: a.symbol ?? "", date: a.date }),
  },
  "unknown-symbol": {
    field: "symbol",
    message: (a) => fillMessage(M.unknownSymbol, { symbol: a.symbol ?? "" }),
  },
  "missing-symbol": { field: "symbol", message: () => M.symbolRequired },
  "non-positive-quantity": { field: "quantity", message: () => M.quantity },
  "non-positive-price": { field: "unitPrice", message: () => M.price },
  "non-positive-amount": { field: "amount", message: () => M.amount },
  "negative-amount": { field: "amount", message: () => M.negative },
  "bad-split-ratio": { field: "splitRatio", message: () => M.splitRatio },
  "bad-date": { field: "date", message: () => M.date },
  "future-date": { field: "date", message: () => M.futureDate },
};

/**
 * The engine's judgement of a whole sequence (a sell never exceeds the shares held then, …): each
 * problem with the activity it is about, its field and message. Empty when the sequence holds.
 */
export function sequenceProblems(
  activities: Activity[],
  today: string,
): Array<{ activity: Activity; error: RowError }> {
  const sorted = [...activities].sort(byDateAndEntry);
  return validateSequence(sorted, { today }).map((issue) => {
    const activity = sorted[issue.index]!;
    const problem = PROBLEMS[issue.code] ?? { field: "quantity", message: () => M.quantity };
    return { activity, error: { field: problem.field, message: problem.message(activity) } };
  });
}
