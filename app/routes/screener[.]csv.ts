import { csvCell, type ScreenerRow } from "#common/screener";
import { runScreen } from "~/lib/server/screener.server";
import type { Route } from "./+types/screener[.]csv";

const COLUMNS: (keyof ScreenerRow)[] = [
  "symbol",
  "name",
  "nameAr",
  "exchange",
  "sector",
  "price",
  "changePercent",
  "volume",
  "valueTraded",
  "marketCap",
  "high52w",
  "low52w",
  "shariah",
  "dividendYield",
  "freshness",
];

/** /screener.csv: the screen in the URL as CSV, every matching company (up to the page limit of 200). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.has("limit")) params.set("limit", "200");
  const result = await runScreen(context, params);
  if (!result.ok)
    return new Response(result.error, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const lines = [
    COLUMNS.join(","),
    ...result.answer.rows.map((r) => COLUMNS.map((c) => csvCell(r[c])).join(",")),
  ];
  return new Response(`${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="gulfpulse-screen.csv"',
      "Cache-Control": "no-store",
    },
  });
}
