import { data } from "react-router";
import { invalid } from "#common/action-result";
import { calendarApiQuerySchema } from "#common/calendar-schema";
import { calendarOf } from "~/lib/server/calendar-zone.server";
import type { Route } from "./+types/api.calendar";

/**
 * GET /api/calendar?from=&to=&country=&importance=&category= -> { events: [...] }, times in UTC.
 * from/to are days (YYYY-MM-DD, UTC) or ISO times; from defaults to today, to to 30 days later.
 * Bad parameters get 400 with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(
    [...new URL(request.url).searchParams].filter(([k, v]) => v !== "" && k !== "tz"),
  );
  const parsed = calendarApiQuerySchema.safeParse(params);
  if (!parsed.success)
    return data(invalid(parsed.error), { status: 400, headers: { "Cache-Control": "no-store" } });
  const events = await calendarOf(context).range(parsed.data);
  return data(
    {
      events: events.map((e) => ({
        id: e.id,
        title: e.title,
        startsAt: e.startsAt.toISOString(),
        country: e.country,
        category: e.category,
        importance: e.importance,
        actual: e.actual ?? null,
        forecast: e.forecast,
        previous: e.previous,
        source: e.source ?? "schedule",
        confidence: e.confidence ?? "schedule",
        status: e.status ?? "scheduled",
      })),
    },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}
