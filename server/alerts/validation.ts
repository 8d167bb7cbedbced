import { ALERT_MESSAGES, alertRuleErrors, roundTarget } from "#common/alert-schema";
import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import type { MarketService } from "../market/types";
import { type AlertValues, ownsWebhook } from "./queries";
import type { AlertInput } from "./types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from the URL or a form can be a row's id at all (anything else is simply not found). */
export const isUuid = (id: string) => UUID.test(id);

/** An id that cannot be an alert's is "not found", like another user's alert. */
export function ownAlertId(id: string) {
  if (!isUuid(id)) throw new AppError("not_found:alert", "Price alert not found");
}

const refuse = (code: `bad_request:${string}`, message: string, field: string): never => {
  throw new AppError(code, message, { [field]: message });
};

export interface ValidationDeps {
  db: Db;
  market: Pick<MarketService, "findInstrument" | "quote">;
  now: () => number;
}

/** The rules the form checks (target, window, cooldown, expiry); the first problem names the error code. */
function checkRules(input: AlertInput, now: number) {
  const frequency = input.frequency ?? "once";
  const rules = {
    alertType: input.alertType,
    targetValue: input.targetValue,
    windowMinutes: input.alertType === "move_window" ? (input.windowMinutes ?? null) : null,
    frequency,
    cooldownSeconds: frequency === "every" ? (input.cooldownSeconds ?? null) : null,
    expiresAt: input.expiresAt ?? null,
  };
  const problems = Object.entries(alertRuleErrors(rules, now));
  if (problems.length > 0) {
    const [field, message] = problems[0]!;
    throw new AppError(`bad_request:alert_${field === "targetValue" ? "target" : field}`, message, {
      ...Object.fromEntries(problems),
    });
  }
  return rules;
}

/**
 * What a create or an edit stores, checked the same way the form checks it (the chat and other
 * callers come without the form): a known symbol, the target, window, cooldown and expiry
 * rules, a webhook of the user's own, and a price to measure a change % from.
 */
export async function checkedValues(
  deps: ValidationDeps,
  userId: string,
  input: AlertInput,
): Promise<AlertValues> {
  const { db, market } = deps;
  const instrument = market.findInstrument(input.symbol.trim());
  if (!instrument) {
    const message = `Unknown symbol "${input.symbol.trim().toUpperCase()}". Choose an instrument from the list, e.g. TASI, USD/AED or BRENT.`;
    return refuse("bad_request:alert_symbol", message, "symbol");
  }
  const rules = checkRules(input, deps.now());
  const notifyWebhook = input.notifyWebhook ?? false;
  const webhookId = notifyWebhook ? (input.webhookId ?? null) : null;
  if (webhookId && !(isUuid(webhookId) && (await ownsWebhook({ db, userId, webhookId })))) {
    refuse("bad_request:alert_webhook", ALERT_MESSAGES.webhookUnknown, "webhookId");
  }
  const currentValue = market.quote(instrument.symbol)?.price ?? null;
  if (input.alertType === "change_percent" && !(currentValue && currentValue > 0)) {
    throw new AppError(
      "unavailable:alert_price",
      `There is no current price for ${instrument.symbol} yet. Try again in a moment.`,
    );
  }
  return {
    ...rules,
    symbol: instrument.symbol.toUpperCase(),
    targetValue: roundTarget(input.targetValue),
    currentValue,
    notifyEmail: input.notifyEmail ?? false,
    notifyPush: input.notifyPush ?? false,
    notifyWebhook,
    webhookId,
  };
}
