import { data } from "react-router";
import { type ActionResult, failureOf, invalid } from "#common/action-result";
import { dividendReminderFormSchema } from "#common/dividend-schema";
import { getUser, services } from "~/lib/auth.server";
import { readFormFields } from "~/lib/form.server";
import type { Route } from "./+types/api.dividends.reminders";

const headers = { "Cache-Control": "no-store" };
const reply = (body: ActionResult<Record<string, unknown>>, status = 200) => data(body, { status, headers });

/**
 * POST /api/dividends/reminders: the signed-in reader's "remind me before the ex-date" (actionId,
 * daysBefore 1|3|7, notifyEmail); `intent=remove` takes it back. The reminder arrives in the bell
 * (and by mail when asked); one whose time has already come goes out at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return reply({ ok: false, error: "Method not allowed" }, 405);
  const user = await getUser(request, context);
  if (!user) return reply({ ok: false, error: "Sign in first." }, 401);
  const s = services(context);
  const form = await readFormFields(request);
  if (form.intent === "remove") {
    const removed = await s.dividends.reminders.remove(user.id, String(form.actionId ?? ""));
    return reply({ ok: true, removed });
  }
  const parsed = dividendReminderFormSchema.safeParse(form);
  if (!parsed.success) return reply(invalid(parsed.error), 400);
  try {
    const reminder = await s.dividends.reminders.set(user.id, parsed.data);
    if (reminder.remindAt.getTime() <= Date.now()) await s.dividends.reminders.sendDue();
    return reply({ ok: true, remindAt: reminder.remindAt.toISOString() });
  } catch (err) {
    const { status, body } = failureOf(err, "failed", (e) =>
      s.log.error({ err: e }, "dividend reminder failed"),
    );
    return reply(body, status);
  }
}
