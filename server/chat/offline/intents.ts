import type { AlertType } from "#server/alerts/types";
import type { Instrument, MarketCategory, MarketService } from "#server/market/types";
import { companies } from "./companies";

/** What the offline assistant understood a message to ask for. */
export type Intent =
  | { kind: "help" }
  | { kind: "quote"; symbols: string[] }
  | { kind: "overview"; category: MarketCategory }
  | { kind: "movers"; category?: MarketCategory }
  /** `label`: how the answer names the topic when it differs from the search words. */
  | { kind: "news"; topic?: string; label?: string }
  | { kind: "calendar"; importance?: "high" }
  | { kind: "listAlerts" }
  | { kind: "createAlert"; symbol: string; alertType: AlertType; targetValue: number }
  | { kind: "incompleteAlert"; symbol?: string }
  | { kind: "marketStatus"; symbol: string }
  /** A listed company and the other companies of its sector. */
  | { kind: "peers"; symbol: string }
  /** An instrument's 52-week range and where its price stands in it. */
  | { kind: "yearRange"; symbol: string }
  | { kind: "unknown" };

const CATEGORY_WORDS: Array<[MarketCategory, RegExp]> = [
  ["gulfStocks", /\b(gulf (stocks?|markets?|equities|indices)|stocks?|equities|tadawul|bourses?)\b/],
  ["currencies", /\b(currenc(y|ies)|forex|fx|exchange rates?)\b/],
  ["crypto", /\b(crypto(currenc(y|ies))?|coins?)\b/],
  ["commodities", /\b(commodit(y|ies)|metals?)\b/],
  ["usIndices", /\b(us (indices|indexes|markets?|stocks)|wall street)\b/],
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every instrument named in the text (by symbol, name or alias), longest names first. */
export function findInstruments(text: string, market?: MarketService): Instrument[] {
  if (!market) return [];
  const lower = text.toLowerCase();
  const terms: Array<{ term: string; instrument: Instrument }> = [];
  for (const instrument of market.catalogue()) {
    for (const term of [instrument.symbol, instrument.name, ...instrument.aliases]) {
      if (term && term.length >= 2) terms.push({ term: term.toLowerCase(), instrument });
    }
  }
  terms.sort((a, b) => b.term.length - a.term.length);
  const found: Instrument[] = [];
  const add = (symbol: string) => {
    const instrument = market.findInstrument(symbol);
    if (instrument && !found.some((i) => i.symbol === instrument.symbol)) found.push(instrument);
  };
  // A listed company named in two words or more ("Tadawul Group") comes before a curated
  // instrument named by one of them ("Tadawul", the index); a one-word company name comes after.
  const named = companies().find(lower);
  for (const { listing } of named.filter((c) => c.words > 1)) add(listing.symbol);
  let rest = lower;
  for (const { term, instrument } of terms) {
    const re = new RegExp(`(^|[^a-z0-9])${escapeRegExp(term)}(?=$|[^a-z0-9])`);
    if (!re.test(rest)) continue;
    // Blank the match so "USD/AED" does not also count as "USD".
    rest = rest.replace(re, (m, lead: string) => lead + " ".repeat(m.length - lead.length));
    if (!found.some((i) => i.symbol === instrument.symbol)) found.push(instrument);
  }
  for (const { listing } of companies().find(rest)) add(listing.symbol);
  return found;
}

function categoryIn(text: string): MarketCategory | undefined {
  return CATEGORY_WORDS.find(([, re]) => re.test(text))?.[0];
}

const number = (s: string) => Number(s.replace(/,/g, ""));

function parseAlert(text: string, instrument?: Instrument): Intent {
  const symbol = instrument?.symbol;
  const percent = text.match(/(\d+(?:\.\d+)?)\s*(%|percent\b)/);
  if (percent && /\b(change|changes|move|moves|moved|swing|by)\b|%/.test(text)) {
    return symbol
      ? { kind: "createAlert", symbol, alertType: "change_percent", targetValue: number(percent[1]!) }
      : { kind: "incompleteAlert" };
  }
  const up = text.match(
    /\b(above|over|exceeds?|rises? (?:to|above)|climbs? (?:to|above)|hits?|reaches?|tops?)\s+\$?([\d,]+(?:\.\d+)?)/,
  );
  const down = text.match(
    /\b(below|under|drops? (?:to|below)|falls? (?:to|below)|sinks? (?:to|below))\s+\$?([\d,]+(?:\.\d+)?)/,
  );
  const match = up ?? down;
  if (!symbol || !match) return { kind: "incompleteAlert", symbol };
  return { kind: "createAlert", symbol, alertType: up ? "above" : "below", targetValue: number(match[2]!) };
}

function newsTopic(text: string, original: string, instrument?: Instrument): string | undefined {
  const about = original.match(
    /\b(?:about|on|for|regarding|around)\s+(?:the\s+)?([\p{L}\p{N}&/.' -]{2,60})/iu,
  );
  if (about) return about[1]!.replace(/[?.!]+$/, "").trim();
  if (instrument) return instrument.name;
  const lead = text.match(/^([\p{L}\p{N}&/ -]{2,40}?)\s+news\b/u);
  if (lead && !/^(the |any |latest |recent |today'?s? )*$/.test(`${lead[1]} `)) {
    return lead[1]!.replace(/^(the|any|latest|recent)\s+/g, "").trim() || undefined;
  }
  return undefined;
}

/** Rules for the common requests in English. Order matters: the most specific wins. */
export function detectIntent(message: string, market?: MarketService): Intent {
  const text = message.toLowerCase().replace(/\s+/g, " ").trim();
  const instruments = findInstruments(message, market);

  if (
    /\b(alert|notify|remind|ping|tell) me\b|\b(set|create|add) (an? |price )?alerts?\b|\blet me know\b/.test(
      text,
    )
  ) {
    return parseAlert(text, instruments[0]);
  }
  if (/\b(my|list|show)( price)? alerts\b|\balerts? (do )?i have\b/.test(text)) return { kind: "listAlerts" };
  if (
    /\b(top )?movers\b|\bgainers?\b|\blosers?\b|\b(best|worst|top) perform|\bbiggest (gain|los|mov|ris|fall|drop)/.test(
      text,
    )
  ) {
    return { kind: "movers", category: categoryIn(text) };
  }
  if (/\bnews\b|\bheadlines?\b|\bstories\b/.test(text)) {
    return { kind: "news", topic: newsTopic(text, message, instruments[0]) };
  }
  if (
    /\bcalendar\b|\beconomic (events?|data|releases?)\b|\bupcoming (events?|releases?)\b|\bevents? (this|next) week\b|\b(central bank|rate) (meetings?|decisions?)\b/.test(
      text,
    )
  ) {
    return {
      kind: "calendar",
      importance: /\b(important|high[- ]impact|key|major)\b/.test(text) ? "high" : undefined,
    };
  }
  // "Is the Saudi market open?": its session state (TASI's when no market is named).
  if (/\b(is|are)\b.*\b(open|closed)\b|\b(trading|opening) hours\b/.test(text)) {
    return { kind: "marketStatus", symbol: instruments[0]?.symbol ?? "TASI" };
  }
  if (
    instruments[0] &&
    /\b(52[- ]?weeks?|year(ly)? (range|high|low)|12[- ]months? (range|high|low))\b/.test(text)
  ) {
    return { kind: "yearRange", symbol: instruments[0].symbol };
  }
  if (instruments[0]?.category === "gulfStocks" && /\b(peers?|competitors?|rivals?|sector)\b/.test(text)) {
    return { kind: "peers", symbol: instruments[0].symbol };
  }
  if (instruments.length > 0 && !/\b(overview|all)\b/.test(text)) {
    return { kind: "quote", symbols: instruments.slice(0, 4).map((i) => i.symbol) };
  }
  const category = categoryIn(text);
  if (category) return { kind: "overview", category };
  if (/\b(markets?|overview)\b/.test(text)) return { kind: "overview", category: "gulfStocks" };
  if (
    /^(help|hi|hello|hey|salam|salaam|marhaba|good (morning|afternoon|evening))\b|\bwhat can you do\b|\bhow (do|can) (i|you)\b.*\b(use|help)\b|\bcommands\b/.test(
      text,
    )
  ) {
    return { kind: "help" };
  }
  return { kind: "unknown" };
}
