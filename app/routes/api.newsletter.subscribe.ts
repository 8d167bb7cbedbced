import { data } from "react-router";
import { type ActionResult, failureOf, fieldErrors } from "#common/action-result";
import { isHoneypotFilled } from "#common/honeypot";
import { subscribeSchema } from "#common/newsletter-schema";
import { requestContext } from "~/context";
import { readFormFields } from "~/lib/form.server";
import { langOf } from "~/lib/locale";
import type { Route } from "./+types/api.newsletter.subscribe";

const ERROR_KEYS: Record<string, string> = {
  "conflict:newsletter_duplicate": "duplicate",
  "rate_limited:newsletter": "rateLimited",
};

/** POST only: the two subscribe modals (docs/product/newsletter.md). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  if (request.method !== "POST") return data<ActionResult>({ ok: false, error: "failed" }, 405);
  const form = await readFormFields(request);
  if (isHoneypotFilled(form)) {
    services.log.warn({ ip: clientIp }, "newsletter signup rejected: honeypot filled");
    return data<ActionResult>({ ok: false, error: "failed" }, 400);
  }
  const parsed = subscribeSchema.safeParse(form);
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, error: "validation", fields: fieldErrors(parsed.error) }, 400);
  }
  try {
    // The subscriber's mails are in the language of the page the form was sent from.
    await services.newsletter.subscribe(parsed.data, { ip: clientIp, locale: langOf(request) });
    return data<ActionResult>({ ok: true });
  } catch (err) {
    const logged = (err: unknown) => services.log.error({ err }, "newsletter signup failed");
    const { status, code } = failureOf(err, "failed", logged);
    const key = ERROR_KEYS[code];
    if (key) return data<ActionResult>({ ok: false, error: key }, status);
    // Only the refusals the page has a text for keep their status; others are logged as failures.
    if (status !== 500) logged(err);
    return data<ActionResult>({ ok: false, error: "failed" }, 500);
  }
}
