import { data } from "react-router";
import { invalid } from "#common/action-result";
import { timeZoneFormSchema } from "#common/calendar-schema";
import { getUser } from "~/lib/auth.server";
import { readFormFields } from "~/lib/form.server";
import { calendarOf, tzCookie } from "~/lib/server/calendar-zone.server";
import type { Route } from "./+types/api.calendar.time-zone";

/**
 * POST /api/calendar/time-zone (form field `timeZone`): the calendar's zone, chosen in the picker
 * or detected by the browser. Sets the `tz` cookie the server renders with; a signed-in user's
 * choice is also saved on their account (another browser then opens in it).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (request.method !== "POST")
    return data({ ok: false, error: "Method not allowed." }, { status: 405, headers });
  const parsed = timeZoneFormSchema.safeParse(await readFormFields(request));
  if (!parsed.success) return data(invalid(parsed.error), { status: 400, headers });
  const user = await getUser(request, context);
  if (user) await calendarOf(context).timeZones.set(user.id, parsed.data.timeZone);
  return data(
    { ok: true, timeZone: parsed.data.timeZone, saved: Boolean(user) },
    { headers: { ...headers, "Set-Cookie": tzCookie(parsed.data.timeZone) } },
  );
}
