import { LIMIT_NAMES, type LimitName, type Limits, limitKey, limitValue } from "#common/limits";
import type { Settings } from "./settings";

export type { LimitName, Limits } from "#common/limits";

/**
 * The admin-set limits in force now (every process reloads settings on change, so a new value
 * applies at once without a restart). Read at the moment of use; never cache the result.
 */
export function readLimits(settings: Pick<Settings, "get">): Limits {
  return Object.fromEntries(LIMIT_NAMES.map((name) => [name, readLimit(settings, name)])) as Limits;
}

/** One limit: `readLimit(settings, "pushesPerMinute")`. */
export function readLimit(settings: Pick<Settings, "get">, name: LimitName): number {
  return limitValue(name, settings.get<unknown>(limitKey(name), null));
}
