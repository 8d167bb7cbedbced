import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

/** Names Express's `trust proxy` knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR range (address/prefix length) or one of Express's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of us may name the client (X-Forwarded-For): none (false), the nearest N
 * hops, or the proxies at these addresses/ranges. Express then takes the first address, from the
 * right, that no trusted proxy added; everything left of it was written by the client and is never
 * read. `true` (trust every hop) would let any client choose its own address, so it is refused.
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const v = value.trim().toLowerCase();
  if (["false", "0", "no"].includes(v)) return false;
  if (/^\d+$/.test(v) && Number(v) <= 20) return Number(v);
  if (["true", "yes"].includes(v)) {
    ctx.addIssue({
      code: "custom",
      message:
        "true would trust every hop, so any client could choose its own address with X-Forwarded-For. Give the number of proxies in front of the server (e.g. 1) or their addresses/CIDR ranges (e.g. 10.0.0.0/8,192.168.1.5)",
    });
    return z.NEVER;
  }
  const entries = v
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (!entries.length || bad.length) {
    ctx.addIssue({
      code: "custom",
      message: `false, a hop count (0-20) or proxy addresses/CIDR ranges; not understood: ${bad.join(", ") || value}`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Every environment variable the server reads, with its default. `.env.example` mirrors this. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().startsWith("postgres").optional(),
  DATA_DIR: z.string().default("./data"),
  BUILD_DIR: z.string().default("build"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: z.string().min(32).optional(),
  ADMIN_EMAILS: list.default([]),
  REQUIRE_EMAIL_VERIFICATION: bool.default(true),
  /** Failed sign-ins per client IP per minute (successes are never counted; many people share one
   * address behind a carrier NAT or an office); sign-up and reset requests per IP get half. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** From this many consecutive failed sign-ins an account is locked: 1 min, doubling per failure. */
  AUTH_LOCK_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
  /** The longest lock; a password reset lifts it at once. */
  AUTH_LOCK_MAX_MINUTES: z.coerce.number().int().min(1).default(60),
  /** The proxies trusted to name the client: false, a hop count, or addresses/CIDR ranges. */
  TRUST_PROXY: trustProxy.default(false),
  /** A scraper that sends `Authorization: Bearer <token>` may read /metrics from anywhere. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Client addresses (IPs or CIDR ranges, comma-separated) that may read /metrics without the token. */
  METRICS_ALLOW: list.default(["127.0.0.1", "::1"]),
  SMTP_URL: z.string().startsWith("smtp").optional(),
  MAIL_FROM: z.string().default("GulfPulse <no-reply@gulfpulse.local>"),
  MAIL_TEAM_ADDRESS: z.string().default("team@gulfpulse.local"),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RATE_PER_SECOND: z.coerce.number().min(1).default(500),
  MARKET_TICK_MS: z.coerce.number().int().min(250).default(15_000),
  /** auto: real sources where they answer, the simulator per instrument where not. http: Yahoo-chart-shaped API at MARKET_HTTP_URL only. */
  MARKET_PROVIDER: z.enum(["auto", "simulator", "http"]).optional(),
  MARKET_HTTP_URL: z.url().optional(),
  /** Keyless sources to leave out of auto (comma list: yahoo, frankfurter, coingecko, gold-api). */
  MARKET_SOURCES_DISABLED: list.default([]),
  /** Per-source request budgets overriding the published free-tier ones: "twelvedata=8/800,yahoo=20/10000". */
  MARKET_BUDGETS: z
    .string()
    .regex(/^\s*([a-z-]+=\d+\/\d+\s*)(,\s*[a-z-]+=\d+\/\d+\s*)*$/, "name=perMinute/perDay, comma separated")
    .optional(),
  MARKET_SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
  YAHOO_BASE_URL: z.url().default("https://query1.finance.yahoo.com"),
  FRANKFURTER_BASE_URL: z.url().default("https://api.frankfurter.dev"),
  COINGECKO_BASE_URL: z.url().default("https://api.coingecko.com"),
  COINGECKO_API_KEY: z.string().optional(),
  GOLD_API_BASE_URL: z.url().default("https://api.gold-api.com"),
  TWELVE_DATA_API_KEY: z.string().optional(),
  TWELVE_DATA_BASE_URL: z.url().default("https://api.twelvedata.com"),
  SAHMK_API_KEY: z.string().optional(),
  SAHMK_BASE_URL: z.url().default("https://api.sahmk.sa/api/v1"),
  MARKET_SEED: z.coerce.number().int().default(20_260_101),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  CHAT_MAX_MESSAGE_CHARS: z.coerce.number().int().min(1).max(100_000).default(4_000),
  CHAT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  CHAT_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  CHAT_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(30),
  RSS_POLL_MINUTES: z.coerce.number().min(0.05).default(10),
  /** The first seed adds the real Gulf business feeds beside the shipped samples (off: samples only,
   * so an e2e server never reaches the internet for news). */
  RSS_SEED_REAL_FEEDS: bool.default(true),
  /** Feeds may be on private, loopback or link-local addresses (off: SSRF defence). */
  FEEDS_ALLOW_PRIVATE: bool.default(false),
  /** Users' webhooks may be on private, loopback or link-local addresses and plain http (off: SSRF
   * defence; users, not admins, enter these, so it is separate from FEEDS_ALLOW_PRIVATE). */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  /** How long one webhook attempt may take before it counts as timed out and is retried. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The Web Push (VAPID, RFC 8292) key pair, base64url: a 65-byte P-256 public key and its 32-byte
   * private key. Unset: a pair is generated once and kept in the database. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "a base64url P-256 public key (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "a base64url P-256 private key (43 characters)")
    .optional(),
  /** Who push services may contact about our messages: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+|https:\/\/.+)$/, "a mailto: or https: address")
    .optional(),
  /** How long one push attempt may take before it counts as timed out and is retried. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Open event streams (GET /api/stream) one client address, or one signed-in account, may hold
   * at once on one process; one more gets 429. A tab holds one. */
  SSE_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  SSE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(10),
  /** Anonymous HTML is rendered once per URL per this many seconds and sent with s-maxage (0 = off). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** Where the economic calendar's global events come from: the weekly Forex Factory JSON, or only
   * the shipped recurring schedule (offline; the default under NODE_ENV=test). */
  CALENDAR_SOURCE: z.enum(["forexfactory", "schedule"]).optional(),
  /** The weekly calendar JSON addresses (comma-separated), fetched at most every CALENDAR_FF_HOURS. */
  CALENDAR_FF_URL: z
    .string()
    .default(
      "https://nfs.faireconomy.media/ff_calendar_thisweek.json,https://nfs.faireconomy.media/ff_calendar_nextweek.json",
    )
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()).min(1)),
  CALENDAR_FF_HOURS: z.coerce.number().min(1).max(48).default(4),
  JOBS_ENABLED: bool.default(true),
  SEED_ON_START: bool.default(true),
});

export type Config = Omit<z.infer<typeof schema>, "MARKET_PROVIDER" | "CALENDAR_SOURCE"> & {
  MARKET_PROVIDER: "auto" | "simulator" | "http";
  CALENDAR_SOURCE: "forexfactory" | "schedule";
  dataDir: string;
  publicUrl: string;
  authSecret: string;
};

export class ConfigError extends Error {}

/** Parses the environment once at boot; a bad value names the variable and stops the server. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset" (as in shell `FOO= cmd`).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && !c.AUTH_SECRET && c.DATABASE_URL) {
    throw new ConfigError("Invalid configuration:\n  AUTH_SECRET: required with DATABASE_URL in production");
  }
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a key pair) or neither",
    );
  }
  if (c.MARKET_PROVIDER === "http" && !c.MARKET_HTTP_URL) {
    throw new ConfigError("Invalid configuration:\n  MARKET_HTTP_URL: required when MARKET_PROVIDER=http");
  }
  return {
    ...c,
    // Real sources by default; tests stay offline and deterministic on the simulator.
    MARKET_PROVIDER: c.MARKET_PROVIDER ?? (c.NODE_ENV === "test" ? "simulator" : "auto"),
    // Likewise the calendar: tests never fetch the weekly feed unless they ask for it.
    CALENDAR_SOURCE: c.CALENDAR_SOURCE ?? (c.NODE_ENV === "test" ? "schedule" : "forexfactory"),
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    // Empty means none configured: a secret is then generated once and kept in the database
    // (`loadOrCreateAuthSecret` in settings/settings.ts).
    authSecret: c.AUTH_SECRET ?? "",
  };
}
