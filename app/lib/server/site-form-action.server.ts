import { data } from "react-router";
import { isAppError } from "#common/errors";
import { type FormKind, MAX_FORM_BYTES } from "#common/forms-schema";
import type { FormResult } from "~/components/site-forms/use-site-form";
import { type RequestContext, requestContext } from "~/context";
import { readFormFields } from "~/lib/form.server";

/** The whole action of a site form page: size check, then the forms service decides. */
export async function siteFormAction(
  kind: FormKind,
  { request, context }: { request: Request; context: { get(key: typeof requestContext): RequestContext } },
) {
  const { services, clientIp } = context.get(requestContext);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) {
    // Read (and drop) it first: answering mid-upload makes browsers show a reset, not the message.
    await request.arrayBuffer().catch(() => undefined);
    return data<FormResult>({ ok: false, error: "tooLong" }, 413);
  }
  const form = await readFormFields(request);
  try {
    await services.forms!.submit(kind, form, { ip: clientIp });
    return data<FormResult>({ ok: true });
  } catch (err) {
    const appError = isAppError(err) ? err : null;
    if (appError) {
      return data<FormResult>(
        { ok: false, error: appError.message, fields: appError.fields },
        appError.status,
      );
    }
    services.log.error({ err, kind }, "form submission failed");
    return data<FormResult>({ ok: false, error: "failed" }, 500);
  }
}
