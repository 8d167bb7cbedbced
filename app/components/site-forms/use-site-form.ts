import { useEffect, useRef, useState } from "react";
import { useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { fieldIssues, formErrorKey } from "#common/forms-schema";
import { useLocalePath } from "~/components/link";

/** What a site form's action answers; `error` and `fields` hold "forms" i18n keys. */
export type FormResult = { ok: true } | { ok: false; error: string; fields?: Record<string, string> };

/**
 * Client side of a site form: the shared schema checks input before anything is sent (the
 * action checks it again), the form clears after a success, and `busy` covers the request.
 */
export function useSiteForm(schema: z.ZodType, action: string) {
  const actionData = useActionData() as FormResult | undefined;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [local, setLocal] = useState<FormResult | null>(null);
  const localizedAction = useLocalePath()(action);
  const busy = navigation.state !== "idle" && navigation.formAction === localizedAction;

  useEffect(() => {
    if (!actionData) return;
    setLocal(null);
    if (actionData.ok) formRef.current?.reset();
  }, [actionData]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setLocal(null);
      return;
    }
    event.preventDefault();
    const fields = fieldIssues(parsed.error);
    setLocal({ ok: false, error: formErrorKey(fields), fields });
  }

  // Without JavaScript the page is rendered from the action's answer alone.
  const result = local ?? (busy ? null : (actionData ?? null));
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  return { formRef, onSubmit, busy, result, fields };
}
