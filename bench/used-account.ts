/**
 * A signed-in account that has used the site, made through the public API as a browser would:
 * sign-up and sign-in, price alerts (some set to trigger at the next tick, so notifications
 * exist) and a chat conversation. Benchmarks of signed-in pages render for this account.
 * The server must run with REQUIRE_EMAIL_VERIFICATION=false.
 */
import { sleep } from "./support";

export interface UsedAccount {
  email: string;
  /** The Cookie header of the signed-in browser. */
  cookie: string;
}

const PASSWORD = "bench-password-1";

async function signIn(appUrl: string, email: string): Promise<string> {
  const body = JSON.stringify({ email, password: PASSWORD, name: "Bench Reader" });
  const headers = { "Content-Type": "application/json", Origin: appUrl };
  const up = await fetch(`${appUrl}/api/auth/sign-up/email`, { method: "POST", headers, body });
  if (!up.ok) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const res = await fetch(`${appUrl}/api/auth/sign-in/email`, { method: "POST", headers, body });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

async function post(appUrl: string, path: string, cookie: string, form: Record<string, string>) {
  const res = await fetch(`${appUrl}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  await res.arrayBuffer();
  if (res.status >= 400) throw new Error(`POST ${path} answered ${res.status}`);
}

/** Unread notifications the account has (the header bell's count). */
async function unread(appUrl: string, cookie: string) {
  const res = await fetch(`${appUrl}/api/notifications`, { headers: { Cookie: cookie } });
  return ((await res.json()) as { unread: number }).unread;
}

/**
 * Signs up `email` and gives it `alerts` alerts (every third one armed to trigger at once, so
 * the next ticks write notifications) and `chatTurns` chat turns in one conversation.
 */
export async function usedAccount(
  appUrl: string,
  { email = "reader@example.com", alerts = 12, chatTurns = 4, symbols = ["TASI", "BRENT", "USD/AED"] } = {},
): Promise<UsedAccount> {
  const cookie = await signIn(appUrl, email);
  for (let i = 0; i < alerts; i++) {
    const triggersNow = i % 3 === 0;
    await post(appUrl, "/price-alerts", cookie, {
      intent: "create",
      // Crypto trades every day: the armed ones trigger on a weekend too, when the Gulf, oil and
      // currency markets are closed and their prices do not move.
      symbol: triggersNow ? "BTC" : symbols[i % symbols.length]!,
      alertType: triggersNow ? "above" : "below",
      targetValue: triggersNow ? "0.0001" : "0.0002",
    });
  }
  let conversationId: string | undefined;
  for (let i = 0; i < chatTurns; i++) {
    const res = await fetch(`${appUrl}/api/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, Origin: appUrl },
      body: JSON.stringify({ message: `How is ${symbols[i % symbols.length]} doing today?`, conversationId }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST /api/chat answered ${res.status}: ${text.slice(0, 200)}`);
    conversationId ??= text.match(/"conversation":\{"id":"([^"]+)"/)?.[1];
  }
  // The armed alerts trigger on the market's next tick; a page without notifications still renders.
  const deadline = Date.now() + 30_000;
  let notifications = alerts > 0 ? await unread(appUrl, cookie) : 1;
  while (notifications === 0 && Date.now() < deadline) {
    await sleep(250);
    notifications = await unread(appUrl, cookie);
  }
  if (!notifications) console.warn("(no alert triggered within 30 s: no notifications)");
  return { email, cookie };
}
