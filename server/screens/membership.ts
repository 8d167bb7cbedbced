import type { OverviewRow } from "#common/market-overview";
import type { ScreenerQuery } from "#common/screener";
import { matches } from "../overview/screener";

/**
 * A change that came back within this time of the symbol's last notice on the same screen waits:
 * a price hovering on a bound fires once, not on every tick. The change is not lost: a later tick
 * of the symbol that still finds it changed announces it.
 */
export const SCREEN_DEBOUNCE_MS = 10 * 60_000;

export interface ScreenState {
  members: Set<string>;
  noticedAt: Record<string, string>;
}

export interface MembershipChange {
  entered: string[];
  left: string[];
  members: string[];
  noticedAt: Record<string, string>;
}

/** Whether a company's row is in a screen: the overview's test, with the row's Shariah status and yield. */
export type InScreen = (row: OverviewRow, q: ScreenerQuery) => boolean;

/** The price-only test, for rows without stored facts (a company with no ruling and no dividend). */
const priceFiltersOnly: InScreen = (row, q) => matches(row, q);

/** A row may move membership only while its price is current: a stale trade decides nothing. */
export const decides = (row: OverviewRow | undefined): row is OverviewRow =>
  row !== undefined && row.freshness !== "stale";

/**
 * The companies among `rows` (the changed ones) that entered or left the screen against what was
 * last announced, leaving aside those noticed within the debounce; null when nothing changes.
 */
export function diffMembership(
  state: ScreenState,
  q: ScreenerQuery,
  rows: OverviewRow[],
  now: number,
  inScreen: InScreen = priceFiltersOnly,
  debounceMs = SCREEN_DEBOUNCE_MS,
): MembershipChange | null {
  const entered: string[] = [];
  const left: string[] = [];
  const members = new Set(state.members);
  const noticedAt = { ...state.noticedAt };
  for (const row of rows) {
    if (!decides(row)) continue;
    const was = members.has(row.symbol);
    const is = inScreen(row, q);
    if (was === is) continue;
    const last = noticedAt[row.symbol];
    if (last && now - Date.parse(last) < debounceMs) continue;
    (is ? entered : left).push(row.symbol);
    if (is) members.add(row.symbol);
    else members.delete(row.symbol);
    noticedAt[row.symbol] = new Date(now).toISOString();
  }
  if (entered.length === 0 && left.length === 0) return null;
  // Only notices inside the debounce matter; older times are dropped so the row stays small.
  for (const [symbol, at] of Object.entries(noticedAt)) {
    if (now - Date.parse(at) >= debounceMs) delete noticedAt[symbol];
  }
  return { entered, left, members: [...members].sort(), noticedAt };
}
