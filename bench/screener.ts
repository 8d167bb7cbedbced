/**
 * npm run bench:screener — one page of a screen over the whole listed universe.
 *
 * Builds the overview's rows for every listing of the shipped file (times SCREENER_SCALE copies,
 * default 1), with seeded prices, changes and volumes, then answers the same QUERIES random screens
 * (an exchange or none, "change % at least x", sorted by value traded, 50 rows, with the total) two
 * ways in the same run: the screener over the in-memory snapshot (what GET /api/screener does),
 * and a naive SQL scan of the same rows in an embedded PostgreSQL table without an index (a
 * `where … order by … limit 50` plus a `count(*)`). Both must give the same symbols. Prints p50
 * and p95 of each and their ratio.
 *
 *   SCREENER_SCALE=1  QUERIES=400
 */
import { PGlite } from "@electric-sql/pglite";
import type { OverviewRow } from "#common/market-overview";
import { parseScreenerQuery } from "#common/screener";
import type { Listing } from "#server/market/universe";
import { shippedListingsText } from "#server/market/universe";
import type { ScreenerFacts } from "#server/overview/facts";
import { buildRow } from "#server/overview/row";
import { screen } from "#server/overview/screener";
import { percentileOf, seededRandom } from "./support";

const SCALE = Number(process.env.SCREENER_SCALE ?? 1);
const QUERIES = Number(process.env.QUERIES ?? 400);
const EXCHANGES = ["", "TADAWUL", "DFM", "ADX", "QSE", "BOURSA_KUWAIT"];

const random = seededRandom(42);
const pct = percentileOf;

function universe(): OverviewRow[] {
  const listings = (JSON.parse(shippedListingsText()) as { listings: Listing[] }).listings;
  const rows: OverviewRow[] = [];
  for (let copy = 0; copy < SCALE; copy++) {
    for (const l of listings) {
      const symbol = copy ? `${l.symbol}.${copy}` : l.symbol;
      const previousClose = 5 + random() * 100;
      const price = previousClose * (1 + (random() - 0.5) * 0.08);
      const quote = {
        symbol,
        name: l.name,
        price,
        previousClose,
        change: price - previousClose,
        changePercent: ((price - previousClose) / previousClose) * 100,
        isPositive: price >= previousClose,
        category: "gulfStocks" as const,
        lastUpdate: new Date().toISOString(),
        dayHigh: price,
        dayLow: price,
        marketOpen: true,
        source: "simulator",
        freshness: "simulated" as const,
      };
      const volume = random() < 0.05 ? undefined : { volume: Math.round(random() * 1e7), simulated: true };
      rows.push(
        buildRow({ ...l, symbol }, quote, { high: price * 1.2, low: price * 0.8, simulated: true }, volume),
      );
    }
  }
  return rows;
}

async function sqlTable(rows: OverviewRow[]) {
  const pg = new PGlite();
  await pg.exec(`create table screen_rows (symbol text, exchange text, sector text, price float8,
    change_percent float8, volume float8, value_traded float8)`);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map(
      (_, j) =>
        `($${j * 7 + 1},$${j * 7 + 2},$${j * 7 + 3},$${j * 7 + 4},$${j * 7 + 5},$${j * 7 + 6},$${j * 7 + 7})`,
    );
    await pg.query(
      `insert into screen_rows values ${values.join(",")}`,
      chunk.flatMap((r) => [
        r.symbol,
        r.exchange,
        r.sector,
        r.price,
        r.changePercent,
        r.volume,
        r.valueTraded,
      ]),
    );
  }
  return pg;
}

async function main() {
  const rows = universe();
  // Every row's Shariah summary and dividend yield are worked out per screen, as on the site.
  const facts: ScreenerFacts = { shariah: new Map(), dividends: new Map() };
  for (const r of rows) {
    if (random() < 0.6) facts.shariah.set(r.symbol, random() < 0.7 ? "compliant" : "mixed");
    if (random() < 0.5) facts.dividends.set(r.symbol, random() * 3);
  }
  const pg = await sqlTable(rows);
  const queries = Array.from({ length: QUERIES }, () => ({
    exchange: EXCHANGES[Math.floor(random() * EXCHANGES.length)]!,
    min: Math.round((random() * 6 - 3) * 10) / 10,
  }));
  const memory: number[] = [];
  const naive: number[] = [];
  for (const [i, q] of queries.entries()) {
    const params = new URLSearchParams({
      changePercentMin: String(q.min),
      sort: "valueTraded",
      order: "desc",
      limit: "50",
    });
    if (q.exchange) params.set("exchange", q.exchange);
    let t = performance.now();
    const parsed = parseScreenerQuery(params);
    if (!parsed.ok) throw new Error(parsed.error);
    const answer = screen(rows, parsed.query, facts);
    memory.push(performance.now() - t);
    t = performance.now();
    const where = `change_percent >= $1 ${q.exchange ? "and exchange = $2" : ""}`;
    const args = q.exchange ? [q.min, q.exchange] : [q.min];
    const page = await pg.query<{ symbol: string }>(
      `select * from screen_rows where ${where} order by value_traded desc nulls last, symbol limit 50`,
      args,
    );
    const count = await pg.query<{ n: number }>(
      `select count(*)::int as n from screen_rows where ${where}`,
      args,
    );
    naive.push(performance.now() - t);
    if (i < 20) {
      const same = page.rows.map((r) => r.symbol).join() === answer.rows.map((r) => r.symbol).join();
      if (!same || count.rows[0]!.n !== answer.total)
        throw new Error(`screen ${i} differs from the SQL scan`);
    }
  }
  await pg.close();
  const f = (v: number) => v.toFixed(3);
  console.log(
    `universe: ${rows.length} companies (scale ${SCALE}), ${QUERIES} screens (exchange, change % ≥ x, by value traded, 50 rows + total)`,
  );
  console.log(`in-memory screener  p50 ${f(pct(memory, 50))} ms  p95 ${f(pct(memory, 95))} ms`);
  console.log(`naive SQL scan      p50 ${f(pct(naive, 50))} ms  p95 ${f(pct(naive, 95))} ms`);
  console.log(`p95 ratio (SQL / screener): ${(pct(naive, 95) / pct(memory, 95)).toFixed(1)}×`);
}

await main();
