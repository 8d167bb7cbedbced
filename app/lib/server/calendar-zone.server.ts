import { isTimeZone, TZ_COOKIE, timeZoneFromCookie } from "#common/calendar-options";
import type { CalendarFeature } from "#server/calendar/service";
import { type RequestContext, requestContext } from "~/context";
import { services, sessionUser } from "~/lib/auth.server";

type Ctx = { get(key: typeof requestContext): RequestContext };

/**
 * The zone the reader sees times in: `?tz=` (the page's picker without JavaScript), the `tz`
 * cookie (the picker or the browser's detection), the signed-in user's saved zone, else null
 * (the page then uses Gulf Standard Time and lets the browser report its own).
 */
export async function readerTimeZone(request: Request, context: Ctx): Promise<string | null> {
  const param = new URL(request.url).searchParams.get("tz");
  if (param && isTimeZone(param)) return param;
  const cookie = timeZoneFromCookie(request.headers.get("cookie"));
  if (cookie) return cookie;
  // A signed-in reader's saved zone: a shared copy rendered here is sent only to readers without one.
  const reads = context.get(requestContext).reads;
  if (reads) reads.timeZone = true;
  const user = await sessionUser(request, context);
  return user ? ((await calendarOf(context).timeZones.get(user.id)) ?? null) : null;
}

/** The calendar's full API (services.calendar). */
export function calendarOf(context: Ctx): CalendarFeature {
  return services(context).calendar;
}

/** A year-long cookie the server reads on the next render (no flash of Dubai times). */
export const tzCookie = (timeZone: string) =>
  `${TZ_COOKIE}=${encodeURIComponent(timeZone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
