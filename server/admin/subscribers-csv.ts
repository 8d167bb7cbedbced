import type { AdminDeps } from "./types";

/** A CSV cell; spreadsheet formulas are neutralised with a leading quote. */
function cell(v: unknown) {
  let text = v instanceof Date ? v.toISOString() : v == null ? "" : String(v);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every subscriber as CSV, paged through the newsletter service. */
export async function subscribersCsv(s: Pick<AdminDeps, "newsletter">): Promise<string> {
  const lines = ["email,full_name,company,interests,frequency,is_active,subscribed_at"];
  for (let page = 1; ; page++) {
    const { rows } = await s.newsletter.subscribers({ page, pageSize: 1_000, includeInactive: true });
    for (const r of rows)
      lines.push(
        [r.email, r.fullName, r.company, r.interests, r.frequency, r.isActive, r.subscribedAt]
          .map(cell)
          .join(","),
      );
    if (rows.length < 1_000) break;
  }
  return `${lines.join("\r\n")}\r\n`;
}
