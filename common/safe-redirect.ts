/** A placeholder origin: what a path resolves against, to see whether it stays on this site. */
const BASE = "http://same-origin.invalid";

/**
 * The path on this site a redirect target stands for, normalised, or null when a browser could
 * read it as another site (ASVS V5.1.5, open redirects). Browsers read "/\evil.example" and
 * "/\t/evil.example" as "//evil.example", so a backslash or control character anywhere refuses the
 * target. Dot segments are resolved first (with "%2e" read as "."), as the browser does when it
 * follows the Location: "/.//evil.example", "/%2e//evil.example" and "/ok/..//evil.example" all
 * come to "//evil.example", a protocol-relative URL naming another host. So the result is parsed
 * once more against the placeholder origin and must still be on it. What is returned is exactly a
 * same-origin path. Used by sign-in's return address and by the server's canonical redirects.
 */
export function sameSitePath(to: string): string | null {
  if (!to.startsWith("/") || to.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f]/.test(to)) return null;
  const cut = to.search(/[?#]/);
  const pathname = (cut === -1 ? to : to.slice(0, cut)).replace(/%2e/gi, ".");
  let url: URL;
  try {
    url = new URL(pathname + (cut === -1 ? "" : to.slice(cut)), BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith("//") || new URL(path, BASE).origin !== BASE) return null;
  return path;
}

/** Where to go after sign-in: a path on this site (see sameSitePath), else the fallback. */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  return (to && sameSitePath(to)) || fallback;
}
