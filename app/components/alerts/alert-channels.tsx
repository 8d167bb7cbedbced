import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox, SelectField } from "~/components/forms/field";
import { useServerText } from "~/lib/server-text";
import type { AlertView, WebhookView } from "./types";
import "~/locales/alerts";

const getJson = <T,>(url: string, signal: AbortSignal) =>
  fetch(url, { signal, headers: { accept: "application/json" } }).then((res) =>
    res.ok ? (res.json() as Promise<T>) : null,
  );

/**
 * The reader's webhook endpoints, fetched when the form opens (GET /api/webhooks; null until they
 * are known). The page's data leaves them out, so that its render can be remembered.
 */
function useWebhooks() {
  const [webhooks, setWebhooks] = useState<WebhookView[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    // Without the endpoints the form offers none.
    getJson<{ endpoints?: WebhookView[] }>("/api/webhooks", abort.signal)
      .then((body) => setWebhooks(body?.endpoints ?? []))
      .catch(() => {
        if (!abort.signal.aborted) setWebhooks([]);
      });
    return () => abort.abort();
  }, []);
  return webhooks;
}

/**
 * Where an alert is sent besides the bell: email, push, a webhook (the reader's endpoints, or
 * their default one).
 */
export function AlertChannels({ alert, error }: { alert?: AlertView; error?: string }) {
  const { t } = useTranslation("alerts");
  const st = useServerText();
  const webhooks = useWebhooks();
  const [webhook, setWebhook] = useState(alert?.notifyWebhook ?? false);
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-700">{t("form.channels")}</legend>
      <p className="text-xs text-slate-500">{t("form.inAppAlways")}</p>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox name="notifyEmail" label={t("form.notifyEmail")} defaultChecked={alert?.notifyEmail} />
        <Checkbox name="notifyPush" label={t("form.notifyPush")} defaultChecked={alert?.notifyPush} />
        <Checkbox
          name="notifyWebhook"
          label={t("form.notifyWebhook")}
          checked={webhook}
          onChange={(e) => setWebhook(e.target.checked)}
        />
      </div>
      {webhook ? (
        webhooks === null ? (
          <p className="mt-2 text-xs text-slate-500">{t("loading")}</p>
        ) : webhooks.length > 0 ? (
          <SelectField
            className="mt-3 max-w-sm"
            label={t("form.webhook")}
            name="webhookId"
            defaultValue={alert?.webhookId ?? ""}
            placeholder={t("form.webhookDefault")}
            options={webhooks.map((w) => ({ value: w.id, label: w.label || w.url }))}
            error={st(error)}
          />
        ) : (
          <p className="mt-2 text-xs text-slate-500">{t("form.noWebhooks")}</p>
        )
      ) : null}
    </fieldset>
  );
}
