import { data } from "react-router";
import { isAppError } from "#common/errors";
import { isHoneypotFilled } from "#common/honeypot";
import { issuesByField, subscribeSchema } from "#common/newsletter-schema";
import type { SubscribeResult } from "~/components/newsletter/subscribe-dialog";
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
  if (request.method !== "POST") return data<SubscribeResult>({ ok: false, error: "failed" }, 405);
  const form = await readFormFields(request);
  if (isHoneypotFilled(form)) {
    services.log.warn({ ip: clientIp }, "newsletter signup rejected: honeypot filled");
    return data<SubscribeResult>({ ok: false, error: "failed" }, 400);
  }
  const parsed = subscribeSchema.safeParse(form);
  if (!parsed.success) {
    return data<SubscribeResult>(
      { ok: false, error: "validation", fields: issuesByField(parsed.error) },
      400,
    );
  }
  try {
    // The subscriber's mails are in the language of the page the form was sent from.
    await services.newsletter!.subscribe(parsed.data, { ip: clientIp, locale: langOf(request) });
    return data<SubscribeResult>({ ok: true });
  } catch (err) {
    const appError = isAppError(err) ? err : null;
    if (appError && ERROR_KEYS[appError.code]) {
      return data<SubscribeResult>({ ok: false, error: ERROR_KEYS[appError.code]! }, appError.status);
    }
    services.log.error({ err }, "newsletter signup failed");
    return data<SubscribeResult>({ ok: false, error: "failed" }, 500);
  }
}
