/**
 * An instant as a reader in a time zone sees it: the date, the clock time and the zone's name, in
 * the page's language and digits. The server formats these once (so the browser hydrates the same
 * text); tests use them to check a US release from Riyadh, Dubai and London across DST changes.
 */
export interface ZonedText {
  date: string;
  time: string;
  /** "Gulf Standard Time" / "توقيت الخليج", with the IANA name for zones Intl has no name for. */
  zone: string;
  /** "GMT+4" */
  offset: string;
}

const cache = new Map<string, Intl.DateTimeFormat>();

function dtf(lang: string, digits: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${lang}|${digits}|${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === "ar" ? "ar" : "en-GB", {
      ...options,
      timeZone,
      numberingSystem: digits,
    });
    cache.set(key, f);
  }
  return f;
}

const part = (f: Intl.DateTimeFormat, at: Date, type: Intl.DateTimeFormatPartTypes) =>
  f.formatToParts(at).find((p) => p.type === type)?.value ?? "";

export function zonedText(at: Date, timeZone: string, lang: "en" | "ar", digits = "latn"): ZonedText {
  const date = dtf(lang, digits, timeZone, {
    weekday: lang === "ar" ? "long" : "short",
    day: "numeric",
    month: lang === "ar" ? "long" : "short",
    year: "numeric",
  }).format(at);
  const time = dtf(lang, digits, timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    at,
  );
  const long = part(dtf(lang, "latn", timeZone, { timeZoneName: "long" }), at, "timeZoneName");
  const offset = part(dtf("en", "latn", timeZone, { timeZoneName: "shortOffset" }), at, "timeZoneName");
  // Intl falls back to "GMT+03:00" for zones without a name: say which city instead.
  const named = long && !/^(GMT|UTC|غرينتش)[+-−]/.test(long) ? long : offset;
  return { date, time, zone: `${named} (${timeZone})`, offset };
}

/** The clock time of an instant in a zone, "HH:MM" with Western digits (tests, reminders). */
export function clockIn(at: Date, timeZone: string): string {
  return dtf("en", "latn", timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
}
