import { z } from "zod";
import { ALERT_TYPES } from "#common/alert-schema";
import { isAppError } from "#common/errors";
import { SIGN_IN_FOR_ALERTS } from "./list-alerts";
import { defineTool, unavailable } from "./types";

export const createAlert = defineTool({
  name: "createAlert",
  description:
    "Creates a price alert for the signed-in user: notify when the price goes above or below a " +
    "target, or changes by a percentage. Only call it when the user asks for an alert.",
  inputSchema: z.object({
    symbol: z.string().min(1).max(40).describe("Symbol or name, e.g. TASI, USD/AED, Brent"),
    alertType: z.enum(ALERT_TYPES),
    targetValue: z.number().positive().describe("Target price, or the percentage for change_percent"),
  }),
  signedInOnly: true,
  async execute({ symbol, alertType, targetValue }, { alerts, market, userId }) {
    if (!userId) return { ok: false, subject: symbol, error: SIGN_IN_FOR_ALERTS };
    if (!alerts) return unavailable("Price alerts");
    // Names ("oil", "Saudi index") resolve to the instrument's symbol when market data is here.
    const resolved = market?.findInstrument(symbol)?.symbol ?? symbol.toUpperCase();
    try {
      const row = await alerts.create(userId, { symbol: resolved, alertType, targetValue });
      return {
        ok: true,
        subject: row.symbol,
        data: {
          symbol: row.symbol,
          alertType: row.alertType,
          targetValue: row.targetValue,
          status: "active",
        },
      };
    } catch (err) {
      if (isAppError(err)) return { ok: false, subject: resolved, error: err.message };
      throw err;
    }
  },
});
