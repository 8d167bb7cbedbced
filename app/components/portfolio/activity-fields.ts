import type { Activity, ActivityType } from "./types";

/** The fields an activity of each type is entered with (besides its date and note). */
export const FIELDS_BY_TYPE: Record<ActivityType, readonly (keyof Activity)[]> = {
  buy: ["symbol", "quantity", "unitPrice", "currency", "commission", "vat"],
  sell: ["symbol", "quantity", "unitPrice", "currency", "commission", "vat"],
  rights: ["symbol", "quantity", "unitPrice", "currency", "commission", "vat"],
  dividend: ["symbol", "amount", "currency", "withholding"],
  bonus: ["symbol", "quantity"],
  split: ["symbol", "splitRatio"],
  deposit: ["amount", "currency"],
  withdrawal: ["amount", "currency"],
  fee: ["amount", "currency"],
};

const NUMERIC = ["quantity", "unitPrice", "amount", "commission", "vat", "withholding"] as const;

/** A typed number ("1,250.5", Arabic-Indic digits too) or NaN; empty is 0. */
export function parseAmount(text: string): number {
  const western = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u066B]/g, ".")
    .replace(/[,\u066C\s]/g, "");
  return western === "" ? 0 : Number(western);
}

/** The API's body for a form's values: fields the type does not use are sent as their zero. */
export function activityBody(type: ActivityType, values: Record<string, string>) {
  const used = new Set<string>(FIELDS_BY_TYPE[type]);
  const body: Record<string, unknown> = {
    type,
    date: values.date ?? "",
    symbol: used.has("symbol") ? (values.symbol ?? "").trim().toUpperCase() || null : null,
    currency: (values.currency ?? "").trim().toUpperCase(),
    splitRatio: used.has("splitRatio") ? parseAmount(values.splitRatio ?? "") : null,
    ...(values.note?.trim() ? { note: values.note.trim() } : {}),
  };
  for (const key of NUMERIC) body[key] = used.has(key) ? parseAmount(values[key] ?? "") : 0;
  return body;
}

/** An existing activity's values as the form shows them. */
export function activityValues(a: Activity): Record<string, string> {
  const shown = (n: number | null) => (n ? String(n) : "");
  return {
    date: a.date,
    symbol: a.symbol ?? "",
    quantity: shown(a.quantity),
    unitPrice: shown(a.unitPrice),
    currency: a.currency,
    amount: shown(a.amount),
    commission: shown(a.commission),
    vat: shown(a.vat),
    withholding: shown(a.withholding),
    splitRatio: shown(a.splitRatio),
    note: a.note ?? "",
  };
}
