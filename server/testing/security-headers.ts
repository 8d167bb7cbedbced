import { expect } from "vitest";

/** A response as the HTTP tests keep it. */
export interface SentResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** The CSP as a map of directive -> values. */
function cspDirectives(csp: string) {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/**
 * The headers every response must carry (ASVS V14.4 / V50): a nonce-based CSP without inline
 * scripts that forbids framing, nosniff, a referrer policy, no framing, a permissions policy.
 * For HTML, every script element carries the response's nonce. No body shows a stack trace.
 */
export function expectSecurityHeaders(res: SentResponse, label: string) {
  const h = res.headers;
  expect(h.get("x-content-type-options"), label).toBe("nosniff");
  expect(h.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  expect(h.get("x-frame-options"), label).toBe("DENY");
  expect(h.get("permissions-policy"), label).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  const csp = cspDirectives(h.get("content-security-policy") ?? "");
  expect(csp.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(csp.get("object-src"), label).toEqual(["'none'"]);
  expect(csp.get("base-uri"), label).toEqual(["'self'"]);
  expect(csp.get("form-action"), label).toEqual(["'self'"]);
  const script = csp.get("script-src") ?? [];
  expect(script, label).not.toContain("'unsafe-inline'");
  expect(script, label).not.toContain("'unsafe-eval'");
  const nonce = script.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
  expect(nonce, `${label}: CSP nonce`).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
  if ((h.get("content-type") ?? "").includes("text/html")) {
    for (const tag of res.text.match(/<script\b[^>]*>/g) ?? []) {
      // A JSON data block (the signed-in reader's island) is never run, so CSP does not apply.
      if (tag.includes('type="application/json"')) continue;
      expect(tag, `${label}: script without the nonce`).toContain(`nonce="${nonce}"`);
    }
  }
  expect(res.text, `${label}: stack trace in the body`).not.toMatch(
    /\bat \S+ \(\S+:\d+:\d+\)|\/work\/main\/|Failed query|DrizzleQueryError/,
  );
}
