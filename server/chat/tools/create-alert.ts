import { z } from "zod";
import { ALERT_TYPES } from "#common/alert-schema";
import { isAppError } from "#common/errors";
import { SIGN_IN_FOR_ALERTS } from "./list-alerts";
import { defineTool, unavailable } from "./types";

export const createAlert = defineTool({
  name: "createAlert",
  description:
    "Creates a price alert for the signed-in user: notify when the price goes above or below a " +
    "target, crosses it (crossing_up / crossing_down), changes by a percentage, or moves by a " +
    "percentage within a window (move_window, with windowMinutes 5, 60 or 1440). Only call it " +
    "when the user asks for an alert.",
  inputSchema: z.object({
    symbol: z.string().min(1).max(40).describe("Symbol or name, e.g. TASI, USD/AED, Brent"),
    alertType: z.enum(ALERT_TYPES),
    targetValue: z
      .number()
      .positive()
      .describe("Target price, or the percentage for change_percent and move_window"),
    windowMinutes: z
      .union([z.literal(5), z.literal(60), z.literal(1440)])
      .optional()
      .describe("move_window only: the window in minutes"),
  }),
  signedInOnly: true,
  async execute({ symbol, alertType, targetValue, windowMinutes }, { alerts, market, userId }) {
    if (!userId) return { ok: false, subject: symbol, error: SIGN_IN_FOR_ALERTS };
    if (!alerts) return unavailable("Price alerts");
    // Names ("oil", "Saudi index") resolve to the instrument's symbol when market data is here.
    const resolved = market?.findInstrument(symbol)?.symbol ?? symbol.toUpperCase();
    try {
      const row = await alerts.create(userId, { symbol: resolved, alertType, targetValue, windowMinutes });
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
