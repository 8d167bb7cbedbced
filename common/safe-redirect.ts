/**
 * Where to go after sign-in: only a path on this site (ASVS V5.1.5, open redirects). Browsers read
 * "/\evil.example" and "/\t/evil.example" as "//evil.example", another site, so besides "//" a
 * backslash or control character anywhere refuses the target; the result is re-serialised from a
 * parse against a placeholder origin, so what is returned is exactly a same-origin path.
 */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  if (!to || !to.startsWith("/") || to.startsWith("//")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f]/.test(to)) return fallback;
  const base = "http://same-origin.invalid";
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return url.pathname + url.search + url.hash;
}
