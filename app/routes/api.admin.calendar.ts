import { calendarEventFormSchema } from "#common/calendar-schema";
import { adminApi } from "~/lib/server/admin-api.server";
import { calendarOf } from "~/lib/server/calendar-zone.server";
import type { Route } from "./+types/api.admin.calendar";

/** POST /api/admin/calendar: an editor saves a Gulf event row (admins only; audited). */
export async function action({ request, context }: Route.ActionArgs) {
  return adminApi(request, context, calendarEventFormSchema, async (input, actor) => {
    const event = await calendarOf(context).editor.save(actor.id, input);
    return { ok: true, message: "Event saved.", id: event.id };
  });
}
