import { SETTING_FALLBACKS } from "#common/admin/settings";
import { AppError } from "#common/errors";
import type { Config } from "../config";
import { readLimits } from "../settings/limits";
import { mailTransportStatus } from "./mail";
import type { AdminDeps } from "./types";

/** What the Settings tab shows: stored values, or the fallbacks in force. */
export function readSettings(s: AdminDeps) {
  const get = <T>(key: string, fallback: T) => s.settings.get<T>(key, fallback);
  return {
    site: {
      siteName: String(get("siteName", SETTING_FALLBACKS.siteName)),
      tagline: String(get("tagline", SETTING_FALLBACKS.tagline)),
      contactEmail: String(get("contactEmail", SETTING_FALLBACKS.contactEmail)),
      contactPhone: String(get("contactPhone", SETTING_FALLBACKS.contactPhone)),
      contactAddress: String(get("contactAddress", SETTING_FALLBACKS.contactAddress)),
      businessHours: String(get("businessHours", SETTING_FALLBACKS.businessHours)),
    },
    market: {
      heroSymbols: get<string[]>("heroSymbols", [...SETTING_FALLBACKS.heroSymbols]),
      marketTickMs: Number(get("marketTickMs", s.config.MARKET_TICK_MS)),
    },
    auth: {
      requireVerifiedEmail:
        get<boolean>("requireVerifiedEmail", s.config.REQUIRE_EMAIL_VERIFICATION) !== false,
    },
    limits: readLimits(s.settings),
  };
}

/**
 * Hero instruments must exist in the market catalogue (matched by symbol, name or alias and
 * stored by symbol).
 */
export function resolveHeroSymbols(s: AdminDeps, symbols: string[]): string[] {
  const out: string[] = [];
  const unknown: string[] = [];
  for (const typed of symbols) {
    const symbol = s.market.findInstrument(typed)?.symbol;
    if (!symbol) unknown.push(typed);
    else if (!out.includes(symbol)) out.push(symbol);
  }
  if (unknown.length) {
    const message = `Unknown instrument${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`;
    throw new AppError("bad_request:hero_symbols", message, { heroSymbols: message });
  }
  return out;
}

/** Writes changed keys only; each write reloads the settings on every process. */
export async function saveSettings(s: AdminDeps, values: Record<string, unknown>) {
  const changed: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (JSON.stringify(s.settings.get(key)) === JSON.stringify(value)) continue;
    await s.settings.set(key, value);
    changed.push(key);
  }
  return changed;
}

function hostOf(url: string | undefined) {
  if (!url) return null;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/$/, "")}`;
  } catch {
    return null;
  }
}

const OPENAI_BASE = "https://api.openai.com/v1";

function aiStatus(config: Config) {
  const configured = Boolean(config.AI_BASE_URL || config.AI_API_KEY);
  return {
    configured,
    baseUrl: configured ? hostOf(config.AI_BASE_URL ?? OPENAI_BASE) : null,
    model: configured ? config.AI_MODEL : null,
    hasKey: Boolean(config.AI_API_KEY),
  };
}

/** Read-only status of the three providers (configured by environment, never shown with secrets). */
export function providerStatus(s: AdminDeps) {
  const snapshot = s.market.snapshot();
  return {
    ai: aiStatus(s.config),
    mail: mailTransportStatus(s.config, s.outbox),
    market: {
      provider: s.config.MARKET_PROVIDER,
      httpUrl: s.config.MARKET_PROVIDER === "http" ? hostOf(s.config.MARKET_HTTP_URL) : null,
      running: true,
      instruments: s.market.catalogue().length,
      lastRefresh: snapshot.lastRefresh,
    },
  };
}

/**
 * 'Test connection': lists the provider's models (GET /models), which OpenAI, Azure, OpenRouter,
 * Ollama, vLLM and llama.cpp all serve, so nothing is generated or billed.
 */
export async function testAiConnection(
  config: Config,
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: boolean; message: string }> {
  const status = aiStatus(config);
  if (!status.configured) {
    return {
      ok: true,
      message:
        "No AI provider is configured: the built-in offline assistant answers chat, so there is nothing to connect to.",
    };
  }
  const base = (config.AI_BASE_URL ?? OPENAI_BASE).replace(/\/$/, "");
  try {
    const res = await fetchImpl(`${base}/models`, {
      headers: config.AI_API_KEY ? { Authorization: `Bearer ${config.AI_API_KEY}` } : {},
      signal: AbortSignal.timeout(Math.min(config.AI_TIMEOUT_MS, 10_000)),
    });
    if (res.status === 401 || res.status === 403)
      return { ok: false, message: `The provider refused the API key (HTTP ${res.status}).` };
    if (!res.ok) return { ok: false, message: `The provider answered HTTP ${res.status}.` };
    const body = (await res.json().catch(() => null)) as { data?: Array<{ id?: string }> } | null;
    const ids = (body?.data ?? []).map((m) => m.id).filter(Boolean) as string[];
    const listed = ids.includes(config.AI_MODEL);
    return {
      ok: true,
      message: `Connected to ${status.baseUrl}: ${ids.length} model${ids.length === 1 ? "" : "s"} available${
        ids.length ? `; ${config.AI_MODEL} ${listed ? "is" : "is not"} among them` : ""
      }.`,
    };
  } catch (err) {
    const e = err as Error;
    const reason = e.name === "TimeoutError" ? "no answer in time" : e.message;
    return { ok: false, message: `Could not reach ${status.baseUrl}: ${reason}.` };
  }
}
