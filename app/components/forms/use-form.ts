import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { type ActionResult, fieldErrors } from "#common/action-result";

type Answer = ActionResult<object>;

/**
 * The one way a form is sent from the browser: the shared schema checks the input first (a
 * failure stays on the page, nothing is sent; the action checks it again), the form goes through
 * a fetcher (no navigation), `busy` covers the request, the form clears after a success, and
 * `onResult` sees each answer of the server once (toasts, closing a form).
 *
 * `initial` is the page's own action data: what a reader without JavaScript sees after the post.
 */
export function useForm<R extends Answer = ActionResult>({
  schema,
  invalid = (error) => ({ ok: false, error: "validation", fields: fieldErrors(error) }) as R,
  onResult,
  initial,
  key,
  resetOnSuccess = true,
}: {
  schema?: z.ZodType;
  invalid?: (error: z.ZodError) => R;
  onResult?: (result: R) => void;
  initial?: R;
  key?: string;
  resetOnSuccess?: boolean;
} = {}) {
  const fetcher = useFetcher<R>(key ? { key } : undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const [local, setLocal] = useState<R | null>(null);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  const handled = useRef<R | undefined>(undefined);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data as R | undefined;

  useEffect(() => {
    const result = answer;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    setLocal(null);
    if (result.ok && resetOnSuccess) formRef.current?.reset();
    onResultRef.current?.(result);
  }, [fetcher.state, answer, resetOnSuccess]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!schema) return;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setLocal(null);
      return;
    }
    event.preventDefault();
    setLocal(invalid(parsed.error));
  }

  /**
   * The same for a plain <form> that is not a route's own (a dialog on any page): checks, then
   * sends the form to its action through the fetcher.
   */
  function send(event: React.FormEvent<HTMLFormElement>) {
    onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const form = event.currentTarget;
    fetcher.submit(form, { method: "post", action: form.getAttribute("action") ?? undefined });
  }

  const result = local ?? (busy ? null : (answer ?? initial ?? null));
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  return { Form: fetcher.Form, fetcher, formRef, onSubmit, send, busy, result, fields };
}
