/**
 * Sessions (ASVS V3): a session token planted before sign-in is not the one after it,
 * sign-out ends the session on the server, cookie flags, and the sign-in brute-force limit
 * (Better Auth's database-backed limiter, here with a limit of 3 a minute).
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/context";
import * as authRoute from "~/routes/auth";
import { session } from "../db/schema";
import type { Services } from "../services";
import { signUpVerified, TEST_PASSWORD } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";

let s: Services;
let secure: Services;

beforeAll(async () => {
  // The per-address limit is what these tests push against; the per-account lock comes later.
  s = await createTestServices({ AUTH_RATE_LIMIT_PER_MINUTE: "3", AUTH_LOCK_AFTER_FAILURES: "20" });
  secure = await createTestServices({ PUBLIC_URL: "https://gulfpulse.example" });
  await signUpVerified(s, "user@example.com", "User");
  await signUpVerified(secure, "user@example.com", "User");
});
afterAll(async () => {
  await s?.close();
  await secure?.close();
});

let ipCounter = 0;
/** A request to Better Auth's handler from its own origin, as the Express app forwards it. */
function authRequest(
  svc: Services,
  path: string,
  opts: { body?: unknown; cookie?: string; ip?: string; method?: string } = {},
) {
  const base = svc.config.publicUrl;
  const headers: Record<string, string> = {
    origin: new URL(base).origin,
    "x-gulfpulse-client-ip": opts.ip ?? `192.0.2.${++ipCounter}`,
  };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  return svc.auth.handler(
    new Request(`${base}/api/auth${path}`, {
      method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
  );
}

const cookieHeader = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => /session_token=/.test(c))!;
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!.split(";")[0]!).split(".")[0]!;

async function signIn(svc: Services, cookie?: string) {
  const res = await authRequest(svc, "/sign-in/email", {
    body: { email: "user@example.com", password: TEST_PASSWORD },
    cookie,
  });
  expect(res.status).toBe(200);
  return res;
}

async function sessionUser(svc: Services, cookie: string) {
  const res = await authRequest(svc, "/get-session", { cookie });
  return ((await res.json()) as { user?: { email: string } } | null)?.user?.email ?? null;
}

describe("session fixation", () => {
  it("a token planted before sign-in is replaced and never becomes a session", async () => {
    const planted = "better-auth.session_token=attacker-chosen-token.c2lnbmF0dXJl";
    const res = await signIn(s, planted);
    const issued = sessionCookie(res);
    expect(tokenOf(issued)).not.toBe("attacker-chosen-token");
    expect(await sessionUser(s, planted)).toBeNull();
    expect(await sessionUser(s, cookieHeader(res))).toBe("user@example.com");
  });

  it("signing in again while holding a valid session issues a new token", async () => {
    const first = cookieHeader(await signIn(s));
    const second = await signIn(s, first);
    expect(tokenOf(sessionCookie(second))).not.toBe(tokenOf(first));
  });
});

describe("sign-out", () => {
  it("ends the session on the server: the old cookie no longer works", async () => {
    const cookie = cookieHeader(await signIn(s));
    const token = tokenOf(cookie);
    expect(await sessionUser(s, cookie)).toBe("user@example.com");
    const out = await authRequest(s, "/sign-out", { body: {}, cookie });
    expect(out.status).toBe(200);
    // The browser would drop the cookie; a stolen copy must be worthless too.
    expect(await sessionUser(s, cookie)).toBeNull();
    expect(await s.db.select().from(session).where(eq(session.token, token))).toEqual([]);
  });
});

describe("cookie flags", () => {
  const attributes = (cookie: string) => cookie.split(";").map((p) => p.trim().toLowerCase());

  it("over http: HttpOnly, SameSite=Lax, Path=/", async () => {
    const cookie = sessionCookie(await signIn(s));
    const attrs = attributes(cookie);
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=lax");
    expect(attrs).toContain("path=/");
    expect(attrs).not.toContain("secure");
  });

  it("when PUBLIC_URL is https: also Secure, with the __Secure- prefix", async () => {
    const cookie = sessionCookie(await signIn(secure));
    const attrs = attributes(cookie);
    expect(cookie.startsWith("__Secure-")).toBe(true);
    expect(attrs).toContain("secure");
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=lax");
    expect(attrs).toContain("path=/");
  });
});

/** The sign-in form's action, as the browser posts it. */
async function signInForm(ip: string, password: string, redirectTo?: string) {
  const query = redirectTo === undefined ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  const request = new Request(`http://localhost:3000/auth${query}`, {
    method: "POST",
    headers: { "x-gulfpulse-client-ip": ip, origin: "http://localhost:3000" },
    body: new URLSearchParams({ intent: "signin", email: "user@example.com", password }),
  });
  const context = new RouterContextProvider();
  context.set(requestContext, { services: s, nonce: "n", clientIp: ip });
  return (await authRoute.action({ request, context, params: {} } as never)) as {
    data: { ok: boolean; error?: string; redirectTo?: string };
    init: { status: number } | null;
  };
}

describe("after sign-in", () => {
  it("the form sends the user only to a path on this site (no open redirect)", async () => {
    for (const [to, expected] of [
      ["/price-alerts", "/price-alerts"],
      ["/\\evil.example", "/"],
      ["https://evil.example", "/"],
      ["//evil.example", "/"],
    ]) {
      const res = await signInForm(`203.0.113.${++ipCounter % 250}`, TEST_PASSWORD, to);
      expect(res.data.redirectTo, to).toBe(expected);
    }
  });
});

describe("brute force on sign-in", () => {
  const wrong = (ip: string) =>
    authRequest(s, "/sign-in/email", { body: { email: "user@example.com", password: "wrong-password" }, ip });

  it("after the limit, wrong (and right) passwords from that address get 429 with a message", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 3; i++) expect((await wrong(ip)).status).toBe(401);
    const blocked = await wrong(ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("x-retry-after")).toMatch(/^\d+$/);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/too many requests/i);
    const right = await authRequest(s, "/sign-in/email", {
      body: { email: "user@example.com", password: TEST_PASSWORD },
      ip,
    });
    expect(right.status).toBe(429);
    // Another address is not affected.
    expect((await wrong("198.51.100.8")).status).toBe(401);
  });

  it("the sign-in form goes through the same limit and shows its message", async () => {
    const ip = "198.51.100.9";
    const submit = () => signInForm(ip, "wrong-password");
    for (let i = 0; i < 3; i++) {
      const refused = await submit();
      expect(refused.data.ok).toBe(false);
      expect(refused.data.error).toMatch(/invalid email or password/i);
    }
    // Past the per-address failure ceiling (3 here): that address is refused, not the account locked.
    const blocked = await submit();
    expect(blocked.init?.status).toBe(429);
    expect(blocked.data.ok).toBe(false);
    expect(blocked.data.error).toMatch(/too many requests/i);
  });
});
