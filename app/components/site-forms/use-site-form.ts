import { useActionData } from "react-router";
import type { z } from "zod";
import { type ActionResult, fieldErrors } from "#common/action-result";
import { formErrorKey } from "#common/site-forms-schema";
import { useForm } from "~/components/forms/use-form";

/**
 * A site form (contact, partner, access): the shared form hook, with the page-level message key
 * picked from the field errors ("forms" i18n keys) as the action picks it.
 */
export function useSiteForm(schema: z.ZodType) {
  // Without JavaScript the page is rendered from the action's answer alone.
  const initial = useActionData() as ActionResult | undefined;
  return useForm({
    schema,
    initial,
    invalid: (error) => {
      const fields = fieldErrors(error);
      return { ok: false, error: formErrorKey(fields), fields };
    },
  });
}
