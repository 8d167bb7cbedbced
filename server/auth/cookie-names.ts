/**
 * The prefix of every cookie Better Auth sets (session token, and any it may add). Set explicitly in
 * ./auth.ts so the page cache, which must never share a page with one of these, names the same.
 */
export const AUTH_COOKIE_PREFIX = "better-auth";

/** A Better Auth cookie, with or without the `__Secure-` / `__Host-` prefix of https sites. */
export const isAuthCookie = (name: string) =>
  name.replace(/^__(Secure|Host)-/, "").startsWith(`${AUTH_COOKIE_PREFIX}.`);
