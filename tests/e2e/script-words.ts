import type { Page } from "@playwright/test";

/**
 * Counting a page's words by script, for the language tests: the words of <main> a reader sees,
 * leaving out text marked as the other language (lang="en" on Arabic pages, lang="ar" on
 * English ones), which the page labels as such.
 */

const ARABIC = /[\u0600-\u06FF]/;
const LATIN = /[A-Za-z]/;
/** Tickers and codes read the same in both languages: TASI, USD/AED, 2222.SR, S&P, GMT+3. */
const TICKER = /^[A-Z0-9]+([./&+−-][A-Z0-9]+)*\+?$/;
/** Names that stay Latin on Arabic pages. */
const BRANDS = new Set(["GulfPulse", "Markdown", "iOS", "Android", "WhatsApp", "LinkedIn"]);

/** The visible words of <main>, outside elements whose nearest lang is `skipLang`. */
export async function mainWords(page: Page, skipLang: "en" | "ar"): Promise<string[]> {
  return page.evaluate((skip) => {
    const main = document.querySelector("main");
    if (!main) return [];
    const words: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest("script, style, noscript, template")) continue;
      // Text a reader can see or hear: not hidden, transparent or display:none (a closed tooltip).
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const lang = el.closest("[lang]")?.getAttribute("lang") ?? "";
      if (lang.toLowerCase().startsWith(skip)) continue;
      words.push(...(node.textContent ?? "").split(/\s+/).filter(Boolean));
    }
    return words;
  }, skipLang);
}

const clean = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+]+$/gu, "");

/**
 * Latin-script words that are neither tickers nor allowed names, and the Arabic words (a term
 * quoted in guillemets, «نقية», is a citation of the original and not counted).
 */
export function byScript(words: string[]) {
  const latin: string[] = [];
  const arabic: string[] = [];
  for (const raw of words) {
    if (/^«.*»\W*$/.test(raw)) continue;
    const word = clean(raw);
    if (!word) continue;
    if (ARABIC.test(word)) arabic.push(word);
    else if (LATIN.test(word) && !TICKER.test(word) && !BRANDS.has(word)) latin.push(word);
  }
  return { latin, arabic, share: latin.length / Math.max(1, latin.length + arabic.length) };
}
