/**
 * Dates are shown in GMT (spec §2: all times GMT) and formatted by hand: the server's and the
 * browser's ICU data disagree on details such as "Sep"/"Sept", which would break hydration.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

export function formatDate(value: Date | string): string {
  const d = new Date(value);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export function formatDateTime(value: Date | string): string {
  const d = new Date(value);
  return `${formatDate(d)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "always" });

/**
 * "2 hours ago", measured against `now` from the loader rather than the clock, so the server's
 * HTML and the hydrated page agree.
 */
export function relativeTime(d: Date | string, now: number): string {
  const seconds = Math.round((new Date(d).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return RELATIVE.format(-1, "minute");
  if (abs < 3600) return RELATIVE.format(Math.trunc(seconds / 60), "minute");
  if (abs < 86_400) return RELATIVE.format(Math.trunc(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return RELATIVE.format(Math.trunc(seconds / 86_400), "day");
  return formatDate(d);
}

/** Plain text from the sanitized HTML of an ingested description (React escapes the result). */
export function textOf(html: string, max = 240): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, c: string) => {
      const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
      if (c[0] !== "#") return named[c.toLowerCase()]!;
      const n = c[1] === "x" || c[1] === "X" ? Number.parseInt(c.slice(2), 16) : Number(c.slice(1));
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "";
    })
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export const articleHref = (a: { slug: string; section: string }) =>
  a.section === "broker-analysis" ? `/brokers/analysis/${a.slug}` : `/news/article/${a.slug}`;

export const sectionHref = (section: string) =>
  section === "broker-analysis" ? "/brokers/analysis" : `/news/${section}`;
