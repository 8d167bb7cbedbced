import { Send } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FieldErrors, fieldErrors } from "#common/action-result";
import { type WebhookEndpointView, webhookFormSchema } from "#common/webhook-schema";
import { buttonClass, Field, FormMessage } from "~/components/forms/field";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
import { useFormat } from "~/lib/use-format";
import { webhookApi } from "./webhook-api";
import "~/locales/webhooks";

const smallButton =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60";

/**
 * The account page's Webhooks section: the user's endpoints (add, make default, send a test,
 * remove) and the signing secret (show, rotate). Rules and texts: docs/product/alerts.md.
 */
export function WebhookSettings() {
  const { t } = useTranslation("webhooks");
  const [endpoints, setEndpoints] = useState<WebhookEndpointView[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const reload = useCallback(async () => {
    const r = await webhookApi<{ endpoints: WebhookEndpointView[] }>("GET", "/api/webhooks");
    if (r.ok) setEndpoints(r.endpoints);
    setLoadFailed(!r.ok);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <section
      aria-labelledby="webhooks-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
      data-testid="webhook-settings"
    >
      <h2 id="webhooks-heading" className="flex items-center gap-2 text-xl font-semibold text-brand-900">
        <Send className="size-5 shrink-0" aria-hidden />
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {loadFailed ? <FormMessage kind="error">{t("loadFailed")}</FormMessage> : null}
      {endpoints === null ? (
        loadFailed ? null : (
          <p className="mt-4 text-sm text-slate-500">{t("loading")}</p>
        )
      ) : endpoints.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label={t("listLabel")}>
          {endpoints.map((e) => (
            <EndpointRow key={e.id} endpoint={e} onChanged={reload} />
          ))}
        </ul>
      )}
      <AddEndpointForm onAdded={reload} />
      <SigningSecret />
    </section>
  );
}

function EndpointRow({ endpoint, onChanged }: { endpoint: WebhookEndpointView; onChanged(): Promise<void> }) {
  const { t } = useTranslation("webhooks");
  const st = useServerText();
  const f = useFormat();
  const [busy, setBusy] = useState(false);

  async function run(method: "POST" | "PATCH" | "DELETE", path: string, body: unknown, success: string) {
    setBusy(true);
    const r = await webhookApi(method, path, body);
    setBusy(false);
    if (r.ok) toast.success(success);
    else toast.error(t("actionFailed"), { description: r.error === "network" ? t("network") : st(r.error) });
    await onChanged();
  }

  const last = endpoint.lastDelivery;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start" data-testid="webhook-row">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          {endpoint.label ? <span className="font-medium text-slate-900">{endpoint.label}</span> : null}
          {endpoint.isDefault ? (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
              {t("default")}
            </span>
          ) : null}
        </div>
        {/* The address reads left to right inside the page's direction (it starts at the row's start). */}
        <p className="break-all font-mono text-sm text-slate-700">
          <span dir="ltr">{endpoint.url}</span>
        </p>
        {last ? (
          <p className="mt-0.5 text-xs text-slate-500">
            {t("lastDelivery", {
              status: t(`status.${last.status}`),
              code: last.statusCode === null ? "—" : f.digitsIn(String(last.statusCode)),
              date: f.mediumDateTime(last.at),
            })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={smallButton}
          disabled={busy}
          onClick={() => run("POST", `/api/webhooks/${endpoint.id}/test`, undefined, t("testQueued"))}
        >
          {t("sendTest")}
        </button>
        {endpoint.isDefault ? null : (
          <button
            type="button"
            className={smallButton}
            disabled={busy}
            onClick={() =>
              run("PATCH", `/api/webhooks/${endpoint.id}`, { isDefault: true }, t("madeDefault"))
            }
          >
            {t("makeDefault")}
          </button>
        )}
        <button
          type="button"
          className={`${smallButton} text-red-700`}
          disabled={busy}
          aria-label={t("removeLabel", { url: endpoint.url })}
          onClick={() => run("DELETE", `/api/webhooks/${endpoint.id}`, undefined, t("removed"))}
        >
          {t("remove")}
        </button>
      </div>
    </li>
  );
}

function AddEndpointForm({ onAdded }: { onAdded(): Promise<void> }) {
  const { t } = useTranslation("webhooks");
  const st = useServerText();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = Object.fromEntries(new FormData(form));
    const parsed = webhookFormSchema.safeParse(input);
    if (!parsed.success) {
      return setErrors(fieldErrors(parsed.error));
    }
    setBusy(true);
    const r = await webhookApi("POST", "/api/webhooks", parsed.data);
    setBusy(false);
    if (r.ok) {
      setErrors({});
      form.reset();
      toast.success(t("added"));
      await onAdded();
    } else {
      setErrors(r.fields ?? { form: r.error === "network" ? t("network") : r.error });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
      <Field
        name="url"
        type="url"
        dir="ltr"
        label={t("urlLabel")}
        placeholder={t("urlPlaceholder")}
        error={st(errors.url)}
        required
      />
      <Field name="label" label={t("labelLabel")} error={st(errors.label)} />
      <button type="submit" className={buttonClass} disabled={busy}>
        {t("add")}
      </button>
      {errors.form ? (
        <div className="sm:col-span-3">
          <FormMessage kind="error">{st(errors.form)}</FormMessage>
        </div>
      ) : null}
    </form>
  );
}

function SigningSecret() {
  const { t } = useTranslation("webhooks");
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function call(method: "GET" | "POST") {
    if (method === "POST" && !window.confirm(t("rotateConfirm"))) return;
    setBusy(true);
    const r = await webhookApi<{ secret: string }>(method, "/api/webhooks/secret");
    setBusy(false);
    if (r.ok) {
      setSecret(r.secret);
      if (method === "POST") toast.success(t("rotated"));
    } else toast.error(t("actionFailed"), { description: t("network") });
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">{t("secretTitle")}</h3>
      <p className="mt-1 text-sm text-slate-600">{t("secretIntro")}</p>
      {secret ? (
        <code
          dir="ltr"
          className="mt-2 block break-all rounded-md bg-slate-100 px-3 py-2 text-start font-mono text-sm text-slate-900"
          data-testid="webhook-secret"
        >
          {secret}
        </code>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {secret ? null : (
          <button type="button" className={smallButton} disabled={busy} onClick={() => call("GET")}>
            {t("showSecret")}
          </button>
        )}
        <button type="button" className={smallButton} disabled={busy} onClick={() => call("POST")}>
          {t("rotateSecret")}
        </button>
      </div>
    </div>
  );
}
