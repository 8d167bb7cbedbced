import { and, eq, sql } from "drizzle-orm";
import type { OverviewRow } from "#common/market-overview";
import { parseScreenerQuery, type ScreenerQuery } from "#common/screener";
import type { NotificationEvent } from "../alerts/types";
import type { Db } from "../db/client";
import { savedScreens, user } from "../db/schema";
import { diffMembership, type InScreen } from "./membership";
import { type NoticeDeps, recordScreenNotices, type ScreenNoticeInput } from "./notify";

/** The alerting screens are read again at most this often (another process may have changed them). */
const RELOAD_MS = 15_000;

interface Active {
  id: string;
  userId: string;
  email: string;
  locale: string | null;
  name: string;
  query: string;
  q: ScreenerQuery;
  notifyEmail: boolean;
  members: Set<string>;
  noticedAt: Record<string, string>;
}

export interface EvaluatorDeps extends NoticeDeps {
  db: Db;
  rows: () => OverviewRow[];
  inScreen: InScreen;
  announce: (events: Array<{ userId: string; event: NotificationEvent }>) => Promise<void>;
  clock: () => number;
}

async function loadActive(db: Db): Promise<Active[]> {
  const rows = await db
    .select({ s: savedScreens, email: user.email, locale: user.locale })
    .from(savedScreens)
    .innerJoin(user, eq(user.id, savedScreens.userId))
    .where(eq(savedScreens.alerts, true));
  return rows.flatMap(({ s, email, locale }) => {
    const parsed = parseScreenerQuery(new URLSearchParams(s.query));
    if (!parsed.ok) return [];
    const { id, userId, name, query, notifyEmail } = s;
    const base = { id, userId, email, locale, name, query, notifyEmail, q: parsed.query };
    return [{ ...base, members: new Set(s.members), noticedAt: s.noticedAt }];
  });
}

/** A changed company concerns a screen only when it can pass the screen's exchange and sector. */
const concerns = (q: ScreenerQuery, r: OverviewRow) =>
  (!q.exchange || r.exchange === q.exchange) && (!q.sector || r.sector === q.sector);

/**
 * Re-evaluates the alerting screens against the changed companies only: each company's row is
 * tested against each screen that could hold it, and the difference from the announced membership
 * is written with a compare-and-set on the stored membership, so of several processes seeing the
 * same tick only one records the notices, in the same transaction.
 */
export function createScreenEvaluator(deps: EvaluatorDeps) {
  let screens: Active[] = [];
  let loadedAt = Number.NEGATIVE_INFINITY;
  const invalidate = () => {
    loadedAt = Number.NEGATIVE_INFINITY;
  };

  async function apply(s: Active, changed: OverviewRow[], now: number) {
    const change = diffMembership(s, s.q, changed, now, deps.inScreen);
    if (!change) return [];
    const notice = (symbol: string, kind: "entered" | "left"): ScreenNoticeInput => ({
      ...{ userId: s.userId, email: s.email, locale: s.locale, screenId: s.id, screenName: s.name },
      ...{ query: s.query, notifyEmail: s.notifyEmail, symbol, change: kind },
    });
    const notices = [
      ...change.entered.map((x) => notice(x, "entered")),
      ...change.left.map((x) => notice(x, "left")),
    ];
    const events = await deps.db.transaction(async (tx) => {
      const won = await tx
        .update(savedScreens)
        .set({ members: change.members, noticedAt: change.noticedAt })
        .where(
          and(
            eq(savedScreens.id, s.id),
            sql`${savedScreens.members} = ${JSON.stringify([...s.members].sort())}::jsonb`,
          ),
        )
        .returning({ id: savedScreens.id });
      if (won.length === 0) return null;
      return recordScreenNotices(tx, deps, notices, new Date(now));
    });
    if (events === null) {
      invalidate(); // another process announced first: read its membership next time
      return [];
    }
    s.members = new Set(change.members);
    s.noticedAt = change.noticedAt;
    return events;
  }

  return {
    invalidate,
    async evaluate(symbols: Set<string>): Promise<number> {
      const now = deps.clock();
      if (now - loadedAt >= RELOAD_MS) {
        screens = await loadActive(deps.db);
        loadedAt = now;
      }
      if (screens.length === 0 || symbols.size === 0) return 0;
      const changed = deps.rows().filter((r) => symbols.has(r.symbol));
      const events: Array<{ userId: string; event: NotificationEvent }> = [];
      for (const s of screens) {
        const mine = changed.filter((r) => concerns(s.q, r));
        if (mine.length) events.push(...(await apply(s, mine, now)));
      }
      if (events.length) await deps.announce(events);
      return events.length;
    },
  };
}
