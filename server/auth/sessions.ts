import { type BusFreshness, watchBusFreshness } from "../cache/bus-freshness";
import { createSessionCache } from "../cache/session-cache";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { Bus } from "../realtime/bus";
import type { Auth } from "./auth";
import { cookiePairs } from "./cookie-names";
import { hasAdminRole } from "./roles";

export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/**
 * Who a request is, without a database read on every request (decision record 022): the session
 * its cookie names and the user's admin role are read once, then answered from this process's
 * memory until the database announces a change for that user (sign-out, ban, password reset,
 * role change, any edit of the user row) — heard on every process within a second — or for at
 * most `ttlMs`. A process that cannot vouch for having heard every announcement of the last
 * second (its bus is late or down) reads the database instead.
 */
export interface Sessions {
  /** The session of the request's session cookie, or null (no cookie, unknown, expired, revoked). */
  get(headers: Headers): Promise<SessionData | null>;
  /** Whether the user holds the admin role; a failed read says no and is not remembered. */
  isAdmin(userId: string): Promise<boolean>;
  /**
   * Runs after a user's cached session and role were dropped (their sessions or account changed),
   * with null after a bus reconnect (anyone may have changed meanwhile).
   */
  onUserChanged(fn: (userId: string | null) => void): void;
  /** Lookups answered from memory and from the database since start. */
  stats(): { hits: number; reads: number; cached: number };
  stop(): void;
}

export interface SessionsDeps {
  auth: Auth;
  db: Db;
  bus: Bus;
  /** True on PGlite: the bus is in-process and cannot miss a message. */
  inProcessBus: boolean;
  log: Logger;
  ttlMs?: number;
  maxEntries?: number;
  freshness?: BusFreshness;
}

/** Sent by the database itself (migration 0013_auth_change_announcements names it in its SQL). */
export const CHANGED_TOPIC = "auth:changed";

export async function createSessions({
  auth,
  db,
  bus,
  inProcessBus,
  log,
  ttlMs = 5 * 60_000,
  maxEntries = 10_000,
  freshness = watchBusFreshness({
    bus,
    inProcess: inProcessBus,
    onStale: () => log.warn("bus heartbeat late: sessions are read from the database until it is back"),
  }),
}: SessionsDeps): Promise<Sessions> {
  const cookieName = (await auth.$context).authCookies.sessionToken.name;
  const sessions = createSessionCache<SessionData>({ ttlMs, maxEntries });
  const roles = createSessionCache<boolean>({ ttlMs, maxEntries });
  let hits = 0;
  let reads = 0;

  const changeHooks: Array<(userId: string | null) => void> = [];
  const unsubscribe = bus.subscribe(CHANGED_TOPIC, (d: { userId?: unknown }) => {
    if (typeof d?.userId !== "string") return;
    sessions.dropUser(d.userId);
    roles.dropUser(d.userId);
    for (const fn of changeHooks) fn(d.userId);
  });
  // Announcements sent while the listening connection was down are lost: start again from empty.
  bus.onReconnect(() => {
    sessions.clear();
    roles.clear();
    for (const fn of changeHooks) fn(null);
  });

  return {
    async get(headers) {
      const tokens = cookiePairs(headers.get("cookie"))
        .filter(([name]) => name === cookieName)
        .map(([, value]) => value);
      if (tokens.length === 0) return null;
      // Twice the same name: the key could name another session than the one Better Auth reads.
      if (tokens.length > 1) return auth.api.getSession({ headers });
      const token = tokens[0]!;
      const fresh = freshness.isFresh();
      const hit = fresh ? sessions.get(token) : undefined;
      if (hit) {
        hits++;
        return hit;
      }
      reads++;
      const generation = sessions.begin();
      const found = await auth.api.getSession({ headers });
      if (found && fresh) {
        sessions.set(token, found.user.id, found, generation, new Date(found.session.expiresAt).getTime());
      }
      return found;
    },
    async isAdmin(userId) {
      const fresh = freshness.isFresh();
      const hit = fresh ? roles.get(userId) : undefined;
      if (hit !== undefined) return hit;
      const generation = roles.begin();
      try {
        const admin = await hasAdminRole(db, userId);
        if (fresh) roles.set(userId, userId, admin, generation);
        return admin;
      } catch (err) {
        log.error({ err }, "admin check failed");
        return false;
      }
    },
    onUserChanged: (fn) => void changeHooks.push(fn),
    stats: () => ({ hits, reads, cached: sessions.size() }),
    stop() {
      unsubscribe();
      freshness.stop();
    },
  };
}
