/**
 * The prefix of every cookie Better Auth sets (session token, and any it may add). Set explicitly in
 * ./auth.ts so the page cache, which must never share a page with one of these, names the same.
 */
export const AUTH_COOKIE_PREFIX = "better-auth";

/** A Better Auth cookie, with or without the `__Secure-` / `__Host-` prefix of https sites. */
export const isAuthCookie = (name: string) =>
  name.replace(/^__(Secure|Host)-/, "").startsWith(`${AUTH_COOKIE_PREFIX}.`);

/** A Cookie header's name/value pairs, in order, values as sent (a name may come twice). */
export function cookiePairs(header: string | null | undefined): Array<[name: string, value: string]> {
  if (!header) return [];
  const pairs: Array<[string, string]> = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) pairs.push([part.trim(), ""]);
    else pairs.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  return pairs;
}
