import { z } from "zod";
import { IMPORTANCE_LEVELS } from "#common/analytics-options";
import { defineTool, unavailable } from "./types";

export const getEconomicCalendar = defineTool({
  name: "getEconomicCalendar",
  description:
    "Upcoming economic events (central bank decisions, inflation, OPEC meetings...) with importance, " +
    "forecast and previous values.",
  inputSchema: z.object({
    days: z.number().int().min(1).max(30).optional().describe("How many days ahead (default 7)"),
    country: z.string().max(40).optional().describe("Only this country, e.g. Saudi Arabia, UAE, US"),
    importance: z.enum(IMPORTANCE_LEVELS).optional(),
  }),
  async execute({ days = 7, country, importance }, { calendar }) {
    if (!calendar) return unavailable("The economic calendar");
    const events = await calendar.upcoming({ days, country: country || undefined, importance });
    const shown = events.slice(0, 10);
    return {
      ok: true,
      subject: country,
      count: shown.length,
      data: shown.map((e) => ({
        title: e.title,
        country: e.country,
        category: e.category,
        importance: e.importance,
        startsAt: new Date(e.startsAt).toISOString(),
        forecast: e.forecast,
        previous: e.previous,
        actual: e.actual ?? null,
        impact: e.impact,
        // "schedule" is the usual pattern, not a confirmed time: the assistant should say so.
        source: e.source ?? "schedule",
        confidence: e.confidence ?? "schedule",
        status: e.status ?? "scheduled",
        id: e.id,
      })),
    };
  },
});
