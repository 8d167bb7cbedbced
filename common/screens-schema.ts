import { z } from "zod";
import { parseScreenerQuery, screenerParams } from "./screener";

/** Product limits of saved screens (docs/product/markets.md, Saved screens). */
export const MAX_SCREENS_PER_USER = 20;
export const MAX_SCREEN_NAME = 80;

/** The server's texts about saved screens (English; the `server` catalog translates them). */
export const SCREEN_MESSAGES = {
  nameRequired: "Give the screen a name.",
  nameLong: `A screen's name is at most ${MAX_SCREEN_NAME} characters.`,
  duplicate: "You already have a screen with this name.",
  limit: `You can save at most ${MAX_SCREENS_PER_USER} screens. Delete one to save another.`,
  badQuery: "This screen cannot be saved: check its filters.",
  notFound: "Screen not found",
  signIn: "Sign in to save screens.",
  nothingToChange: "Nothing to change.",
} as const;

const name = z
  .string(SCREEN_MESSAGES.nameRequired)
  .trim()
  .min(1, SCREEN_MESSAGES.nameRequired)
  .max(MAX_SCREEN_NAME, SCREEN_MESSAGES.nameLong);

/** A form's checkbox: true, "true", "on" or "1"; absent is false. */
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "on" || v === "1");

/**
 * A screen's address parameters, kept in the one order `screenerParams` writes, without paging:
 * a saved screen is the filters and sort, and its membership is every company that passes them.
 */
export function normaliseScreen(raw: string): string | null {
  const parsed = parseScreenerQuery(new URLSearchParams(raw.replace(/^\?/, "")));
  if (!parsed.ok) return null;
  const p = screenerParams({ ...parsed.query, limit: 50, offset: 0 });
  return p.toString();
}

const query = z
  .string(SCREEN_MESSAGES.badQuery)
  .max(2000, SCREEN_MESSAGES.badQuery)
  .transform((v, ctx) => {
    const normal = normaliseScreen(v);
    if (normal === null) {
      ctx.addIssue({ code: "custom", message: SCREEN_MESSAGES.badQuery });
      return z.NEVER;
    }
    return normal;
  });

/** Saving the screen shown: its name and the page's address parameters. */
export const screenCreateSchema = z
  .object({
    name,
    query,
    alerts: flag.optional().default(true),
    notifyEmail: flag.optional().default(false),
  })
  .strict();
export type ScreenCreateInput = z.infer<typeof screenCreateSchema>;

/** A change to one saved screen: its name and/or its alert choices. */
export const screenUpdateSchema = z
  .object({ name: name.optional(), alerts: flag.optional(), notifyEmail: flag.optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, SCREEN_MESSAGES.nothingToChange);
export type ScreenUpdateInput = z.infer<typeof screenUpdateSchema>;

/** One saved screen as GET /api/screens answers it. */
export interface SavedScreenView {
  id: string;
  name: string;
  /** The `/screener` parameters (no paging). */
  query: string;
  alerts: boolean;
  notifyEmail: boolean;
  /** How many companies were in the screen when last announced. */
  memberCount: number;
  createdAt: string;
}
