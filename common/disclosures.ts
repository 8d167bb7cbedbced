import { z } from "zod";
import { LISTING_EXCHANGES } from "./instruments";

/**
 * Company disclosures ingested from exchanges' machine-readable feeds (docs/product/markets.md,
 * "Disclosures"). A feed's symbol-mapping rule says where in an item the company is named and how
 * that text is matched to a listing of the feed's exchange.
 */

/** Which part of an item the rule reads. */
export const MAPPING_FIELDS = ["title", "category", "description", "link"] as const;
/** How the captured text is matched: a trading code / exchange number, or the company's name. */
export const MAPPING_MATCHES = ["symbol", "name"] as const;
export const FEED_LANGUAGES = ["en", "ar"] as const;

export interface Disclosure {
  id: string;
  symbol: string;
  title: string;
  /** Sanitized HTML (the news pipeline's allow-list). */
  description: string;
  link: string | null;
  publishedAt: string;
  /** The feed gave no usable date: publishedAt is when it was first seen. */
  dateUnknown: boolean;
  language: "ar" | "en";
  source: string;
}

export interface DisclosureFeed {
  id: string;
  name: string;
  url: string;
  exchange: string;
  language: "en" | "ar";
  field: (typeof MAPPING_FIELDS)[number];
  pattern: string;
  match: (typeof MAPPING_MATCHES)[number];
  enabled: boolean;
  lastFetchedAt: string | null;
  lastError: string | null;
}

/** A rule's pattern: at most this long, and it must compile with one capture group. */
export const MAX_PATTERN = 200;

/** The first capture group (or named group `code`) of a pattern, or null when the pattern is unusable. */
export function compilePattern(pattern: string): RegExp | null {
  if (!pattern || pattern.length > MAX_PATTERN) return null;
  try {
    const re = new RegExp(pattern, "iu");
    // One capture group at least: "x|" style patterns that match everything are refused.
    const groups = new RegExp(`${pattern}|`, "u").exec("")!.length - 1;
    return groups >= 1 && !re.test("") ? re : null;
  } catch {
    return null;
  }
}

const TOO_LONG = "This text is too long.";
export const disclosureFeedSchema = z.object({
  id: z
    .union([z.literal(""), z.uuid("Feed not found.")], "Feed not found.")
    .optional()
    .default(""),
  name: z.string("Give the feed a name.").trim().min(1, "Give the feed a name.").max(120, TOO_LONG),
  url: z
    .string("The feed's address must be an http(s) URL.")
    .trim()
    .max(2000, TOO_LONG)
    .refine(
      (v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v),
      "The feed's address must be an http(s) URL.",
    ),
  exchange: z.enum(LISTING_EXCHANGES, "Choose an exchange."),
  language: z.enum(FEED_LANGUAGES, "Choose English or Arabic."),
  field: z.enum(MAPPING_FIELDS, "Choose where the company is named."),
  pattern: z
    .string("Write a pattern with one capture group, e.g. ^\\((\\d{3,4})\\).")
    .max(MAX_PATTERN, TOO_LONG)
    .refine(
      (v) => compilePattern(v) !== null,
      "Write a pattern with one capture group, e.g. ^\\((\\d{3,4})\\).",
    ),
  match: z.enum(MAPPING_MATCHES, "Choose how the company is matched."),
  enabled: z
    .union([z.boolean(), z.enum(["true", "false", "on"])], "Choose whether the feed is polled.")
    .optional()
    .transform((v) => v === true || v === "true" || v === "on"),
});
export type DisclosureFeedInput = z.output<typeof disclosureFeedSchema>;
