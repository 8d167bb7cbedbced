// Dates and relative times: app/lib/format.ts (`useFormat()`), in the page's language.

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

export { articlePath as articleHref } from "#common/article-path";

export const sectionHref = (section: string) =>
  section === "broker-analysis" ? "/brokers/analysis" : `/news/${section}`;
