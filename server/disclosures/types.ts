import type { Disclosure, DisclosureFeed, DisclosureFeedInput } from "#common/disclosures";

export type { Disclosure, DisclosureFeed } from "#common/disclosures";

/** Company announcements from exchanges' feeds (docs/product/markets.md, "Disclosures"). */
export interface Disclosures {
  /** One company's announcements, newest first; [] for none or an unknown symbol. */
  forSymbol(symbol: string, opts?: { limit?: number }): Promise<Disclosure[]>;
  /** The configured feeds, with their poll state. */
  feeds(): Promise<DisclosureFeed[]>;
  /** Adds a feed or changes one (by id); audited. Its next poll is due at once. */
  saveFeed(actorId: string, input: DisclosureFeedInput): Promise<DisclosureFeed>;
  /** Polls every enabled feed that is due (or only `feedId`); returns how many announcements were new. */
  pollDue(now?: Date, opts?: { feedId?: string }): Promise<number>;
}
