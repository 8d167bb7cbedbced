import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { fieldErrors } from "#common/action-result";
import {
  authSettingsSchema,
  MARKET_TICK_MAX_MS,
  MARKET_TICK_MIN_MS,
  marketSettingsSchema,
  siteSettingsSchema,
  testEmailSchema,
} from "#common/admin/forms";
import { LIMIT_NAMES, LIMITS, limitsSettingsSchema } from "#common/limits";
import { buttonClass, Checkbox, Field, TextareaField } from "~/components/forms/field";
import type { TabData } from "./tab-data";
import { Badge, FormMessage, formatDateTime, Panel, smallButton, useAdminFetcher } from "./ui";
import "~/locales/admin";

type Data = TabData<"settings">;

/** A settings form: client-side check with the action's own schema, then an audited save. */
function SettingsForm({
  intent,
  schema,
  title,
  children,
}: {
  intent: string;
  schema: z.ZodType;
  title: string;
  children: (errors: Record<string, string>) => React.ReactNode;
}) {
  const { t } = useTranslation("admin");
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const { fetcher, busy, result } = useAdminFetcher();
  const errors = { ...(result && !result.ok ? result.fields : {}), ...clientErrors };
  return (
    <Panel title={title}>
      <fetcher.Form
        method="post"
        action="?tab=settings"
        noValidate
        className="grid gap-4 md:grid-cols-2"
        onSubmit={(e) => {
          const parsed = schema.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
          if (!parsed.success) {
            e.preventDefault();
            setClientErrors(fieldErrors(parsed.error));
          } else setClientErrors({});
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        {children(errors)}
        <div className="flex items-center gap-3 md:col-span-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? t("settings.saving") : t("settings.save")}
          </button>
        </div>
        <div className="md:col-span-2" aria-live="polite">
          <FormMessage result={result} />
        </div>
      </fetcher.Form>
    </Panel>
  );
}

export function SettingsTab({ data }: { data: Data }) {
  const { t } = useTranslation("admin");
  const { values, providers } = data;
  return (
    <div className="flex flex-col gap-6">
      <SettingsForm intent="saveSite" schema={siteSettingsSchema} title={t("settings.site")}>
        {(errors) => (
          <>
            <Field
              name="siteName"
              label={t("settings.siteName")}
              defaultValue={values.site.siteName}
              error={errors.siteName}
              required
            />
            <Field
              name="tagline"
              label={t("settings.tagline")}
              defaultValue={values.site.tagline}
              error={errors.tagline}
            />
            <Field
              name="contactEmail"
              type="email"
              label={t("settings.contactEmail")}
              defaultValue={values.site.contactEmail}
              error={errors.contactEmail}
            />
            <Field
              name="contactPhone"
              type="tel"
              label={t("settings.contactPhone")}
              defaultValue={values.site.contactPhone}
              error={errors.contactPhone}
            />
            <TextareaField
              name="contactAddress"
              rows={3}
              label={t("settings.contactAddress")}
              defaultValue={values.site.contactAddress}
              error={errors.contactAddress}
            />
            <TextareaField
              name="businessHours"
              rows={3}
              label={t("settings.businessHours")}
              defaultValue={values.site.businessHours}
              error={errors.businessHours}
            />
          </>
        )}
      </SettingsForm>
      <SettingsForm intent="saveMarket" schema={marketSettingsSchema} title={t("settings.market")}>
        {(errors) => (
          <>
            <Field
              name="heroSymbols"
              label={t("settings.heroSymbols")}
              defaultValue={values.market.heroSymbols.join(", ")}
              error={errors.heroSymbols}
              aria-description={t("settings.heroSymbolsHelp")}
            />
            <Field
              name="marketTickMs"
              type="number"
              step={250}
              min={MARKET_TICK_MIN_MS}
              max={MARKET_TICK_MAX_MS}
              label={t("settings.marketTickMs")}
              defaultValue={String(values.market.marketTickMs)}
              error={errors.marketTickMs}
            />
            <p className="text-sm text-slate-500 md:col-span-2">{t("settings.marketHelp")}</p>
          </>
        )}
      </SettingsForm>
      <SettingsForm intent="saveAuth" schema={authSettingsSchema} title={t("settings.signIn")}>
        {() => (
          <div className="md:col-span-2">
            <Checkbox
              name="requireVerifiedEmail"
              label={t("settings.requireVerifiedEmail")}
              help={t("settings.requireVerifiedEmailHelp")}
              defaultChecked={values.auth.requireVerifiedEmail}
            />
          </div>
        )}
      </SettingsForm>
      <SettingsForm intent="saveLimits" schema={limitsSettingsSchema} title={t("settings.limits")}>
        {(errors) => (
          <>
            {LIMIT_NAMES.map((name) => (
              <Field
                key={name}
                name={name}
                type="number"
                step={1}
                min={LIMITS[name].min}
                max={LIMITS[name].max}
                label={t(`settings.limitNames.${name}`)}
                defaultValue={String(values.limits[name])}
                error={errors[name]}
              />
            ))}
            <p className="text-sm text-slate-500 md:col-span-2">{t("settings.limitsHelp")}</p>
          </>
        )}
      </SettingsForm>
      <div className="grid gap-6 lg:grid-cols-3">
        <AiStatus ai={providers.ai} />
        <MailStatus mail={providers.mail} />
        <MarketStatus market={providers.market} />
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 py-1 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-all font-medium text-slate-800">{children}</dd>
    </div>
  );
}

function AiStatus({ ai }: { ai: Data["providers"]["ai"] }) {
  const { t } = useTranslation("admin");
  const { fetcher, busy, result } = useAdminFetcher();
  return (
    <Panel
      title={t("settings.ai")}
      actions={
        <Badge tone={ai.configured ? "green" : "slate"}>
          {ai.configured ? t("settings.aiProvider") : t("settings.aiOffline")}
        </Badge>
      }
    >
      <dl className="mb-3 divide-y divide-slate-100">
        <Row label={t("settings.endpoint")}>{ai.baseUrl ?? "—"}</Row>
        <Row label={t("settings.model")}>{ai.model ?? "—"}</Row>
        <Row label={t("settings.apiKey")}>{ai.hasKey ? t("settings.keySet") : t("settings.keyNotSet")}</Row>
      </dl>
      <p className="mb-3 text-xs text-slate-500">{t("settings.envOnly")}</p>
      <fetcher.Form method="post" action="?tab=settings">
        <input type="hidden" name="intent" value="testAi" />
        <button type="submit" className={smallButton} disabled={busy}>
          {busy ? t("settings.testing") : t("settings.testConnection")}
        </button>
      </fetcher.Form>
      <div className="mt-3" aria-live="polite">
        <FormMessage result={result} />
      </div>
    </Panel>
  );
}

function MailStatus({ mail }: { mail: Data["providers"]["mail"] }) {
  const { t } = useTranslation("admin");
  const [clientError, setClientError] = useState<string | null>(null);
  const { fetcher, busy, result } = useAdminFetcher();
  return (
    <Panel
      title={t("settings.mail")}
      actions={<Badge tone="blue">{t(`settings.transports.${mail.transport}`)}</Badge>}
    >
      <dl className="mb-3 divide-y divide-slate-100">
        <Row label={t("settings.smtpServer")}>{mail.smtpHost ?? t("settings.noSmtp")}</Row>
        <Row label={t("settings.from")}>{mail.from}</Row>
        <Row label={t("settings.maxAttempts")}>{mail.maxAttempts}</Row>
      </dl>
      <p className="mb-3 text-xs text-slate-500">{t("settings.envOnly")}</p>
      <fetcher.Form
        method="post"
        action="?tab=settings"
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          const parsed = testEmailSchema.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
          if (!parsed.success) {
            e.preventDefault();
            setClientError(parsed.error.issues[0]?.message ?? "");
          } else setClientError(null);
        }}
      >
        <input type="hidden" name="intent" value="testMail" />
        <Field name="testEmail" type="email" label={t("settings.testSendTo")} placeholder="you@example.com" />
        <button type="submit" className={smallButton} disabled={busy}>
          {t("settings.sendTestMail")}
        </button>
      </fetcher.Form>
      <div className="mt-3" aria-live="polite">
        <FormMessage text={clientError} result={clientError ? undefined : result} />
      </div>
    </Panel>
  );
}

function MarketStatus({ market }: { market: Data["providers"]["market"] }) {
  const { t } = useTranslation("admin");
  return (
    <Panel
      title={t("settings.marketProvider")}
      actions={
        <Badge tone={market.running ? "green" : "amber"}>
          {market.running ? t("settings.running") : t("settings.notRunning")}
        </Badge>
      }
    >
      <dl className="divide-y divide-slate-100">
        <Row label={t("settings.provider")}>{t(`settings.providers.${market.provider}`)}</Row>
        {market.httpUrl ? <Row label={t("settings.endpoint")}>{market.httpUrl}</Row> : null}
        <Row label={t("settings.instruments")}>{market.instruments}</Row>
        <Row label={t("settings.lastTick")}>{formatDateTime(market.lastRefresh)}</Row>
      </dl>
      <p className="mt-3 text-xs text-slate-500">{t("settings.envOnly")}</p>
    </Panel>
  );
}
