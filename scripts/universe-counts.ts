/**
 * Prints the per-exchange counts of the shipped listings as the Markdown table SOURCES.md keeps
 * (rows, rows with an Arabic name, and the rows per source key), so the table is generated, not typed:
 * `npx tsx scripts/universe-counts.ts`.
 */
import { EXCHANGES, loadShippedListings } from "#server/market/universe/index";

const listings = loadShippedListings();
const lines = ["| exchange | rows | Arabic names | share | sources (rows) |", "|---|---|---|---|---|"];
const row = (label: string, rows: typeof listings, withSources: boolean) => {
  const arabic = rows.filter((l) => !l.nameArMissing).length;
  const bySource = new Map<string, number>();
  for (const l of rows) bySource.set(l.source ?? "—", (bySource.get(l.source ?? "—") ?? 0) + 1);
  const sources = withSources
    ? [...bySource]
        .sort((a, b) => b[1] - a[1])
        .map(([key, n]) => `\`${key}\` ${n}`)
        .join(", ")
    : "";
  const share = rows.length ? Math.round((100 * arabic) / rows.length) : 0;
  lines.push(`| ${label} | ${rows.length} | ${arabic} | ${share}% | ${sources} |`);
};
for (const exchange of EXCHANGES) {
  const rows = listings.filter((l) => l.exchange === exchange);
  row(exchange, rows, true);
  for (const board of exchange === "TADAWUL" ? ["main", "nomu"] : []) {
    row(
      `↳ ${board}`,
      rows.filter((l) => l.board === board),
      false,
    );
  }
}
row("**total**", listings, false);
console.log(lines.join("\n"));
