import { z } from "zod";
import { defineTool, unavailable } from "./types";

export const SIGN_IN_FOR_ALERTS = "Please sign in to create price alerts";

export const listAlerts = defineTool({
  name: "listAlerts",
  description: "The signed-in user's own price alerts with their status.",
  inputSchema: z.object({}),
  signedInOnly: true,
  async execute(_input, { alerts, userId }) {
    if (!userId) return { ok: false, error: SIGN_IN_FOR_ALERTS };
    if (!alerts) return unavailable("Price alerts");
    const rows = await alerts.list(userId);
    return {
      ok: true,
      count: rows.length,
      data: rows.map((a) => ({
        symbol: a.symbol,
        alertType: a.alertType,
        targetValue: a.targetValue,
        status: a.status,
        createdAt: new Date(a.createdAt).toISOString(),
      })),
    };
  },
});
