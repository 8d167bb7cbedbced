import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { siteSettings } from "../db/schema";
import type { Bus } from "../realtime/bus";

/** Site-wide settings editable by admins; every process caches them and reloads on change. */
const settingDefaults = {
  siteName: "GulfPulse",
  tagline: "Trade Smart, Stay Ahead",
} as Record<string, unknown>;

export interface Settings {
  get<T>(key: string, fallback?: T): T;
  all(): Record<string, unknown>;
  set(key: string, value: unknown): Promise<void>;
  reload(): Promise<void>;
}

// Keys under this prefix hold server secrets: never returned by all() (which feeds the UI).
const INTERNAL = "internal:";

export async function createSettings(db: Db, bus: Bus, defaults = settingDefaults): Promise<Settings> {
  let cache = new Map<string, unknown>();
  // Bumped by every local write: a reload that read the table before the write must not replace
  // the cache with that older copy (it reads again instead).
  let writes = 0;
  async function reload(): Promise<void> {
    const before = writes;
    const rows = await db.select().from(siteSettings);
    if (before !== writes) return reload();
    cache = new Map(rows.map((r) => [r.key, r.value]));
  }
  await reload();
  bus.subscribe("settings:changed", () => void reload());
  // A change announced while this process was off the bus would otherwise never be seen.
  bus.onReconnect(() => void reload().catch(() => {}));
  return {
    get<T>(key: string, fallback?: T): T {
      return (cache.has(key) ? cache.get(key) : (fallback ?? defaults[key])) as T;
    },
    all() {
      const out: Record<string, unknown> = { ...defaults };
      for (const [k, v] of cache) if (!k.startsWith(INTERNAL)) out[k] = v;
      return out;
    },
    async set(key, value) {
      await db
        .insert(siteSettings)
        .values({ key, value: value as any })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value: value as any, updatedAt: sql`now()` },
        });
      writes++;
      cache.set(key, value);
      await bus.publish("settings:changed", { key });
    },
    reload,
  };
}

/** The auth secret: AUTH_SECRET if set, else one generated once and kept in the database. */
export async function loadOrCreateAuthSecret(db: Db, fromEnv: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const key = `${INTERNAL}auth_secret`;
  const generated = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  await db.insert(siteSettings).values({ key, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
  return row!.value as string;
}
