import { calendarQuerySchema, parseQuery } from "#common/analytics-schema";
import { toICalendar } from "#common/ical";
import { services } from "~/lib/auth.server";
import type { Route } from "./+types/calendar[.]ics";

/** The feed covers the whole stored schedule unless a shorter range is asked for. */
const FEED_DAYS = 90;

/** GET /calendar.ics?country=&importance=&days= — the economic calendar for calendar apps. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const params = new URL(request.url).searchParams;
  const query = parseQuery(calendarQuerySchema, params);
  const events = await s.calendar.upcoming({
    days: params.has("days") ? query.days : FEED_DAYS,
    country: query.country,
    importance: query.importance,
  });
  const body = toICalendar(events, { host: new URL(s.config.publicUrl).hostname });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="gulfpulse-economic-calendar.ics"',
      "Cache-Control": "public, max-age=900",
    },
  });
}
