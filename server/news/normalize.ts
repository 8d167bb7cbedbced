import { createHash } from "node:crypto";
import { mapCategory } from "./categories";
import type { RawItem } from "./parser";
import { cleanDescription, cleanTitle, safeLink, toPlainText } from "./sanitizer";
import { detectLanguage, truncate } from "./text";

export interface CleanItem {
  dedupeKey: string;
  guid: string | null;
  title: string;
  description: string;
  link: string | null;
  pubDate: Date;
  /** The feed gave no usable date: pubDate is a stand-in (see ingest.ts, placeDatelessItems). */
  dateUnknown: boolean;
  category: string;
  language: "ar" | "en";
  /** For an item keyed by its link: the link+title key older versions stored it under. */
  legacyKey?: string;
}

/** Why an item was changed or dropped; every note is logged with the feed. */
export interface ItemNote {
  title: string;
  reason: string;
}

const FUTURE_TOLERANCE_MS = 60 * 60 * 1000;
const MAX_GUID = 500;

/**
 * Cleans one raw item: plain-text title, sanitized description, safe link, a real date and a
 * dedupe key. Returns null (with a note) when nothing usable is left.
 */
export function normalizeItem(
  raw: RawItem,
  feed: { id: string; url: string; category: string; siteUrl?: string },
  now: Date,
  notes: ItemNote[],
): CleanItem | null {
  const description = cleanDescription(raw.description);
  let title = cleanTitle(raw.title);
  const label = truncate(title || toPlainText(raw.description) || raw.link || "(untitled)", 80);
  if (!title) {
    // A title-less item (allowed by RSS) is named by the start of its text.
    title = truncate(toPlainText(description.html), 120);
    if (!title) {
      notes.push({ title: label, reason: "rejected: no title and no text" });
      return null;
    }
    notes.push({ title: label, reason: "no title: used the start of the description" });
  }
  if (Array.from(toPlainText(raw.title)).length > Array.from(title).length) {
    notes.push({ title: label, reason: "title truncated" });
  }
  if (description.truncated) notes.push({ title: label, reason: "description truncated" });

  // Relative links resolve against the site (the channel's <link>), else the feed's address.
  const link = safeLink(raw.link, feed.siteUrl ?? feed.url);
  if (raw.link?.trim() && !link) notes.push({ title: label, reason: `unsafe or invalid link dropped` });

  let pubDate = raw.date ? parseFeedDate(raw.date) : null;
  let dateUnknown = false;
  if (!pubDate) {
    dateUnknown = true;
    notes.push({
      title: label,
      reason: raw.date ? "invalid date: used the fetch time" : "no date: used the fetch time",
    });
    pubDate = now;
  } else if (pubDate.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    notes.push({ title: label, reason: "date in the future: used the fetch time" });
    pubDate = now;
    dateUnknown = true;
  }

  let guid = raw.guid?.trim() || null;
  if (guid && guid.length > MAX_GUID) {
    notes.push({ title: label, reason: "guid too long: ignored" });
    guid = null;
  }
  return {
    dedupeKey: dedupeKey(guid, link, title, feed.id),
    ...(!guid && link ? { legacyKey: linkTitleKey(link, title) } : {}),
    guid,
    title,
    description: description.html,
    link,
    pubDate,
    dateUnknown,
    category: mapCategory({ tags: raw.categories, title, feedCategory: feed.category }),
    language: detectLanguage(`${title} ${toPlainText(description.html)}`),
  };
}

/**
 * The guid when there is one (the same story syndicated by two feeds shares it), else the link
 * alone: a story and its "(corrected)" republication share the link, and the newer version
 * replaces the older (ingest.ts). Only an item with neither is keyed by its title. Short numeric
 * guids ("1234") are only unique inside one feed, so they are scoped by the feed to avoid merging
 * unrelated stories.
 */
function dedupeKey(guid: string | null, link: string | null, title: string, feedId: string): string {
  if (guid) {
    const local = /^\d{1,12}$/.test(guid) || guid.length < 8;
    return local ? `guid:${feedId}:${guid}` : `guid:${guid}`;
  }
  if (link) return `link:${createHash("sha256").update(normalizeLink(link)).digest("hex")}`;
  return linkTitleKey(null, title);
}

const normalizeLink = (link: string) =>
  link
    .replace(/^https?:\/\//, "")
    .replace(/[#?].*$/, "")
    .replace(/\/$/, "");

/** The key of a guid-less item before keys became link-only (and still for items with no link). */
function linkTitleKey(link: string | null, title: string): string {
  const hash = createHash("sha256")
    .update(`${normalizeLink(link ?? "")}\n${title.toLowerCase().replace(/\s+/g, " ")}`)
    .digest("hex");
  return `hash:${hash}`;
}

/** Ends with a zone: Z, an offset, or a zone name (GMT, UTC, AST ...). */
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2}|\b(?:GMT|UTC|UT|[A-Z]{3,5}))\s*$/;

/**
 * A feed's date, or null when it is unknown. A bare number ("0", "20261121") is not a date
 * (Date.parse reads "0" as the year 2000), and a date without a zone is taken as UTC whatever
 * the server's own time zone ("Sat, 21 Nov 2026 10:00:00" or "2026-11-21T10:00:00" is 10:00 UTC).
 */
export function parseFeedDate(input: string): Date | null {
  const s = input.trim();
  if (!s || /^[+-]?\d+(?:\.\d+)?$/.test(s)) return null;
  let zoned = s;
  if (!HAS_ZONE.test(s)) {
    if (/^\d{4}-\d{2}-\d{2}T/.test(s)) zoned = `${s}Z`;
    // A bare ISO date is UTC to Date.parse already; any other date is local to it.
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) zoned = /\d:\d/.test(s) ? `${s} GMT` : `${s} 00:00 GMT`;
  }
  const ms = Date.parse(zoned);
  if (Number.isFinite(ms)) return new Date(ms);
  // RFC 822 dates with a zone name Date.parse does not know ("... 10:00:00 AST" in Riyadh).
  const zone = /\s([A-Z]{3,4})$/.exec(s)?.[1];
  if (!zone || !ZONES[zone]) return null;
  const fixed = Date.parse(s.replace(/\s[A-Z]{3,4}$/, ` ${ZONES[zone]}`));
  return Number.isFinite(fixed) ? new Date(fixed) : null;
}

const ZONES: Record<string, string> = {
  AST: "+0300",
  GST: "+0400",
  BST: "+0100",
  CET: "+0100",
  CEST: "+0200",
  EET: "+0200",
  IST: "+0530",
};
