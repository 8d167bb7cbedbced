import { TIME_ZONE_CHOICES, TZ_COOKIE, timeZoneFromCookie } from "#common/calendar-options";
import { DIGITS_COOKIE, digitsFromCookie, THEME_COOKIE, themeFromCookie } from "#common/display-preferences";
import { LANG_COOKIE, langFromCookie } from "#common/locale";
import { cookiePairs, isAuthCookie } from "../auth/cookie-names";

/**
 * Which shared copy of a page a visitor's cookies ask for. Only the cookies that change a page's
 * HTML count — the theme, the digits, the remembered language and the calendar's time zone — each
 * read with the parser the page itself uses, so an unknown value counts as absent. A page shared
 * under a variant is rendered with exactly the variant's cookies (`cookie`), never the visitor's
 * own, so what is stored cannot depend on anything outside the key. Other cookies (a CDN's, an
 * analytics tool's) change nothing. A session cookie is noted (`session`): the page is then the
 * reader's own, though a signed-in reader may be sent the shared copy with their own part added
 * (./page-cache.ts). A time zone outside the picker's short list makes the page private (null), to
 * keep the variants of one page a small fixed set.
 */
export interface PageVariant {
  /** Appended to the URL in the cache key; empty for a visitor with no preference. */
  key: string;
  /** The Cookie header the shared copy is rendered with; null for none. */
  cookie: string | null;
  /** The request also carries a session cookie. */
  session: boolean;
  /** The calendar time zone the variant names (its `tz` cookie), or null. */
  timeZone: string | null;
}

const SHARED_ZONES: ReadonlySet<string> = new Set(TIME_ZONE_CHOICES);

/**
 * The zone a raw `tz` cookie value names, or null. Remembered per value: checking a zone builds an
 * Intl formatter (~70 µs), more than the rest of a cache hit.
 */
const zonesByRawValue = new Map<string, string | null>();
function zoneOf(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let zone = zonesByRawValue.get(raw);
  if (zone === undefined) {
    zone = timeZoneFromCookie(`${TZ_COOKIE}=${raw}`);
    if (zonesByRawValue.size < 512) zonesByRawValue.set(raw, zone);
  }
  return zone;
}
const NO_PREFERENCE: PageVariant = { key: "", cookie: null, session: false, timeZone: null };

export function pageVariant(cookieHeader: string | undefined): PageVariant | null {
  if (!cookieHeader) return NO_PREFERENCE;
  const pairs = cookiePairs(cookieHeader);
  const session = pairs.some(([name]) => isAuthCookie(name));
  const zone = zoneOf(pairs.find(([name]) => name === TZ_COOKIE)?.[1]);
  if (zone && !SHARED_ZONES.has(zone)) return null;
  const digits = digitsFromCookie(cookieHeader);
  const chosen: Array<[string, string | null]> = [
    [THEME_COOKIE, themeFromCookie(cookieHeader)],
    // Western digits are the default: naming them changes nothing.
    [DIGITS_COOKIE, digits === "latn" ? null : digits],
    [LANG_COOKIE, langFromCookie(cookieHeader)],
    [TZ_COOKIE, zone],
  ];
  const set = chosen.filter((c): c is [string, string] => c[1] !== null);
  if (set.length === 0) return session ? { ...NO_PREFERENCE, session } : NO_PREFERENCE;
  return {
    key: set.map(([name, value]) => `${name}=${value}`).join(";"),
    cookie: set.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; "),
    session,
    timeZone: zone,
  };
}
