import { data } from "react-router";
import { type ActionResult, failureOf } from "#common/action-result";
import { type FormKind, MAX_FORM_BYTES } from "#common/site-forms-schema";
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
    return data<ActionResult>({ ok: false, error: "tooLong" }, 413);
  }
  const form = await readFormFields(request);
  try {
    await services.siteForms.submit(kind, form, { ip: clientIp });
    return data<ActionResult>({ ok: true });
  } catch (err) {
    const { status, body } = failureOf(err, "failed", (err) =>
      services.log.error({ err, kind }, "form submission failed"),
    );
    return data<ActionResult>(body, status);
  }
}
