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
  category: string;
  language: "ar" | "en";
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
  feed: { id: string; url: string; category: string },
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

  const link = safeLink(raw.link, feed.url);
  if (raw.link?.trim() && !link) notes.push({ title: label, reason: `unsafe or invalid link dropped` });

  let pubDate = raw.date ? parseDate(raw.date) : null;
  if (!pubDate) {
    notes.push({
      title: label,
      reason: raw.date ? "invalid date: used the fetch time" : "no date: used the fetch time",
    });
    pubDate = now;
  } else if (pubDate.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    notes.push({ title: label, reason: "date in the future: used the fetch time" });
    pubDate = now;
  }

  let guid = raw.guid?.trim() || null;
  if (guid && guid.length > MAX_GUID) {
    notes.push({ title: label, reason: "guid too long: ignored" });
    guid = null;
  }
  return {
    dedupeKey: dedupeKey(guid, link, title, feed.id),
    guid,
    title,
    description: description.html,
    link,
    pubDate,
    category: mapCategory({ tags: raw.categories, title, feedCategory: feed.category }),
    language: detectLanguage(`${title} ${toPlainText(description.html)}`),
  };
}

/**
 * The guid when there is one (the same story syndicated by two feeds shares it), else a hash of
 * link and title. Short numeric guids ("1234") are only unique inside one feed, so they are
 * scoped by the feed to avoid merging unrelated stories.
 */
function dedupeKey(guid: string | null, link: string | null, title: string, feedId: string): string {
  if (guid) {
    const local = /^\d{1,12}$/.test(guid) || guid.length < 8;
    return local ? `guid:${feedId}:${guid}` : `guid:${guid}`;
  }
  const normalizedLink = (link ?? "")
    .replace(/^https?:\/\//, "")
    .replace(/[#?].*$/, "")
    .replace(/\/$/, "");
  const hash = createHash("sha256")
    .update(`${normalizedLink}\n${title.toLowerCase().replace(/\s+/g, " ")}`)
    .digest("hex");
  return `hash:${hash}`;
}

function parseDate(s: string): Date | null {
  const ms = Date.parse(s.trim());
  if (Number.isFinite(ms)) return new Date(ms);
  // RFC 822 dates with a zone name Date.parse does not know ("... 10:00:00 AST" in Riyadh).
  const zone = /\s([A-Z]{3,4})$/.exec(s.trim())?.[1];
  if (!zone || !ZONES[zone]) return null;
  const fixed = Date.parse(s.trim().replace(/\s[A-Z]{3,4}$/, ` ${ZONES[zone]}`));
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
