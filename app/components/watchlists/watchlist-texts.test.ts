import { describe, expect, it } from "vitest";
import { fillMessage, WATCHLIST_MESSAGES } from "#common/watchlist-schema";
import { createI18n } from "~/lib/i18n";
import { findServerText, serverText } from "~/lib/server-text";
import ar from "~/locales/ar/watchlists.json";
import en from "~/locales/en/watchlists.json";
import "~/locales/watchlists";

const arT = createI18n("ar").getFixedT("ar", "watchlists");
const sample = { symbol: "BTC", needed: 12, free: 3, max: 100 };

/** Catalog keys without their plural endings (Arabic has six forms where English has two). */
function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null)
    return [prefix.replace(/_(zero|one|two|few|many|other)$/, "")];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe("watchlist texts", () => {
  it("every refusal the server sends is in the catalog, translated into Arabic", () => {
    const messages = Object.values(WATCHLIST_MESSAGES).map((m) => fillMessage(m, sample));
    expect(messages.filter((message) => !findServerText(message))).toEqual([]);
    const untranslated = messages.filter((message) => serverText(arT, message) === message);
    expect(untranslated).toEqual([]);
    expect(serverText(arT, fillMessage(WATCHLIST_MESSAGES.alertCap, sample))).toContain("12");
  });

  it("the English and Arabic catalogs have the same keys", () => {
    expect([...new Set(keysOf(ar))].sort()).toEqual([...new Set(keysOf(en))].sort());
  });
});
