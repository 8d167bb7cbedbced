import type { DividendForm } from "#common/dividend-schema";
import type { ActionInput } from "./types";

/**
 * An editor's form as stored actions: the cash dividend (amount and currency) and the bonus shares
 * (stored as new shares per share held, 1 + bonus: one bonus share per ten held is 1.1) are two
 * actions on the same ex-date, each with the form's dates and source link.
 */
export function editorActions(symbol: string, form: DividendForm): ActionInput[] {
  const common = {
    symbol,
    exDate: form.exDate,
    recordDate: form.recordDate,
    paymentDate: form.paymentDate,
    sourceUrl: form.sourceUrl,
  };
  const out: ActionInput[] = [];
  if (form.amount !== null)
    out.push({ ...common, kind: "dividend", amount: form.amount, currency: form.currency });
  if (form.bonusShares !== null) out.push({ ...common, kind: "bonus", ratio: 1 + form.bonusShares });
  return out;
}
