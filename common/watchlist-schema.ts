import { z } from "zod";
import { MAX_ITEMS_PER_WATCHLIST, MAX_WATCHLISTS_PER_USER, WATCHLIST_NAME_MAX } from "./watchlist-limits";
/** The list an anonymous visitor's local watchlist joins when it has no list yet. */
export const DEFAULT_WATCHLIST_NAME = { en: "My watchlist", ar: "قائمة المراقبة" } as const;
/** The windows a "moves N % within" watchlist alert can watch, in minutes. */
export const WATCHLIST_ALERT_WINDOWS = [5, 60, 1440] as const;

/**
 * The texts the server answers with (English; common.json `server.*` holds each one's
 * translation, matched by its English value).
 */
export const WATCHLIST_MESSAGES = {
  nameRequired: "Enter a name for the watchlist",
  nameTooLong: `A watchlist name can have at most ${WATCHLIST_NAME_MAX} characters`,
  nameTaken: "You already have a watchlist with this name",
  listLimit: `You can have at most ${MAX_WATCHLISTS_PER_USER} watchlists. Delete one to create another.`,
  itemLimit: `A watchlist can hold at most ${MAX_ITEMS_PER_WATCHLIST} instruments. Remove one to add another.`,
  notFound: "Watchlist not found",
  symbolRequired: "Choose an instrument",
  unknownSymbol: 'Unknown instrument "{{symbol}}". Choose one from the markets or search.',
  alreadyListed: "{{symbol}} is already on this watchlist",
  notListed: "{{symbol}} is not on this watchlist",
  badOrder: "The new order must name each of the watchlist's entries once",
  nothingToMerge: "None of the instruments on this device's watchlist is known any more",
  emptyForAlert: "Add instruments to the watchlist before setting an alert on it",
  alertCap:
    "This watchlist needs {{needed}} price alerts but you can create only {{free}} more (at most {{max}}). Delete some alerts or remove instruments first.",
  percentRange: "Percentage must be greater than 0 and at most 100",
  kindRequired: "Choose when the alert fires",
  windowRequired: "Choose 5 minutes, 1 hour or 1 day",
} as const;

/** Fills the "{{name}}" holes of a message (the browser translates it back by the same holes). */
export function fillMessage(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** A watchlist name: trimmed, inner runs of spaces made one, 1–40 characters. */
export const watchlistNameSchema = z
  .string(WATCHLIST_MESSAGES.nameRequired)
  .transform((s) => s.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, WATCHLIST_MESSAGES.nameRequired)
      .max(WATCHLIST_NAME_MAX, WATCHLIST_MESSAGES.nameTooLong),
  );

export const watchlistSymbolSchema = z
  .string(WATCHLIST_MESSAGES.symbolRequired)
  .trim()
  .min(1, WATCHLIST_MESSAGES.symbolRequired)
  .max(40, WATCHLIST_MESSAGES.symbolRequired);

/** A local (anonymous) watchlist's symbols as the browser sends them on sign-in. */
export const localSymbolsSchema = z.array(watchlistSymbolSchema).max(MAX_ITEMS_PER_WATCHLIST * 2);

/**
 * The whole-watchlist alert form: a change % from now, or a move of N % within a window.
 */
export const watchlistAlertSchema = z
  .object({
    kind: z.enum(["change_percent", "move_window"], WATCHLIST_MESSAGES.kindRequired),
    percent: z.coerce
      .number(WATCHLIST_MESSAGES.percentRange)
      .gt(0, WATCHLIST_MESSAGES.percentRange)
      .max(100, WATCHLIST_MESSAGES.percentRange),
    windowMinutes: z.coerce
      .number(WATCHLIST_MESSAGES.windowRequired)
      .pipe(
        z.union(
          WATCHLIST_ALERT_WINDOWS.map((w) => z.literal(w)),
          WATCHLIST_MESSAGES.windowRequired,
        ),
      )
      .optional(),
    notifyEmail: z
      .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal(""), z.boolean()])
      .optional()
      .transform((v) => v === "on" || v === "true" || v === true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "move_window" && !v.windowMinutes) {
      ctx.addIssue({ code: "custom", path: ["windowMinutes"], message: WATCHLIST_MESSAGES.windowRequired });
    }
  });
export type WatchlistAlertInput = z.infer<typeof watchlistAlertSchema>;
