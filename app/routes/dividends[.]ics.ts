import { dividendICalendar } from "#common/dividend-ical";
import { displayableMessage } from "#common/errors";
import { services } from "~/lib/auth.server";
import { readDividendFilters, upcomingRows } from "~/lib/server/dividends.server";
import type { Route } from "./+types/dividends[.]ics";

const SOURCE_NAMES: Record<string, string> = {
  yahoo: "Yahoo Finance",
  twelvedata: "Twelve Data",
  editor: "GulfPulse editors",
};

/** GET /dividends.ics?exchange=&sector= — the coming ex-dates and payment dates for calendar apps. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  let filters: Awaited<ReturnType<typeof readDividendFilters>>;
  try {
    filters = await readDividendFilters(context, new URL(request.url).searchParams);
  } catch (err) {
    return Response.json(
      { ok: false, error: displayableMessage(err, "Bad request") },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const rows = await upcomingRows(context, { exchange: filters.exchange, sector: filters.sector });
  const today = new Date().toISOString().slice(0, 10);
  const entries = rows.flatMap((r) => {
    const what =
      r.kind === "dividend" && r.amount !== null
        ? `${r.amount} ${r.currency ?? ""} per share`.trim()
        : r.kind === "bonus" && r.ratio !== null
          ? `${Math.round((r.ratio - 1) * 10_000) / 10_000} bonus shares per share held`
          : `${r.ratio ?? ""}-for-1 split`;
    const base = {
      id: r.id,
      symbol: r.symbol,
      name: r.name,
      what,
      source: SOURCE_NAMES[r.source] ?? r.source,
      sourceUrl: r.sourceUrl,
    };
    return [
      ...(r.exDate >= today ? [{ ...base, kind: "ex" as const, day: r.exDate }] : []),
      ...(r.paymentDate && r.paymentDate >= today
        ? [{ ...base, kind: "payment" as const, day: r.paymentDate }]
        : []),
    ];
  });
  const body = dividendICalendar(entries, { host: new URL(s.config.publicUrl).hostname });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="gulfpulse-dividends.ics"',
      "Cache-Control": "public, max-age=900",
    },
  });
}
