/**
 * Counter-based randomness: a draw is a pure function of (seed, key, counter), so a series depends
 * only on the seed and the times it is sampled at — not on how many draws came before, which
 * process made them, or whether the server restarted in between.
 */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of a string (instrument symbols become keys). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hash(seed: number, key: number, counter: number, salt: number): number {
  const lo = counter >>> 0;
  const hi = Math.floor(counter / 4_294_967_296) >>> 0;
  return mix32(mix32(mix32(mix32(seed ^ salt) ^ key) ^ lo) ^ mix32(hi + 0x9e3779b9));
}

/** Uniform in (0, 1). */
export function uniform(seed: number, key: number, counter: number, salt = 0): number {
  return (hash(seed, key, counter, salt) + 0.5) / 4_294_967_296;
}

/** Standard normal (Box–Muller). */
export function gaussian(seed: number, key: number, counter: number, salt = 0): number {
  const u1 = uniform(seed, key, counter, salt);
  const u2 = uniform(seed, key, counter, salt ^ 0x5bd1e995);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}
