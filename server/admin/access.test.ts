/**
 * Every admin loader, action intent and endpoint, called as anonymous, as a signed-in user and as
 * an admin through the real route modules: only the admin gets through; the others are redirected
 * to / and the database is byte-for-byte unchanged.
 */
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TABS } from "~/components/admin/tab-data";
import { requestContext } from "~/context";
import * as adminRoute from "~/routes/admin";
import * as previewRoute from "~/routes/admin.preview";
import * as csvRoute from "~/routes/admin.subscribers-csv";
import { grantAdmin } from "../auth/roles";
import { articles, auditLog, formSubmissions, mailOutbox, newsFeeds, user, userRoles } from "../db/schema";
import type { Services } from "../services";
import { fingerprintTables, signInCookie, signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { ADMIN_INTENTS } from "./actions";

let s: Services;
const cookies: Record<"anonymous" | "user" | "admin", string> = { anonymous: "", user: "", admin: "" };
let victimId = "";
const signUp = (email: string, name: string) => signUpVerified(s, email, name);
const signIn = (email: string) => signInCookie(s, email);

beforeAll(async () => {
  s = await createTestServices();
  const adminId = await signUp("boss@example.com", "Boss");
  await grantAdmin(s.db, adminId);
  await signUp("member@example.com", "Member");
  victimId = await signUp("victim@example.com", "Victim");
  cookies.admin = await signIn("boss@example.com");
  cookies.user = await signIn("member@example.com");
});
afterAll(() => s.close());

/** A digest of every table a request can change, plus the in-memory settings. */
async function fingerprint() {
  return [await fingerprintTables(s), JSON.stringify(s.settings.all())].join("\n");
}

type Fn = (args: any) => Promise<unknown>;
interface Case {
  name: string;
  fn: Fn;
  url: string;
  /** Form fields for a POST; may create the row it acts on. */
  form?: () => Promise<Record<string, string>>;
  /** Whether a successful admin call changes the database. */
  mutates: boolean;
}

const uuid = async (insert: () => Promise<Array<{ id: string }>>) => (await insert())[0]!.id;
const deadMail = () =>
  uuid(() =>
    s.db
      .insert(mailOutbox)
      .values({
        idempotencyKey: crypto.randomUUID(),
        kind: "test",
        toAddress: "d@example.com",
        subject: "Dead",
        html: "<p>x</p>",
        text: "x",
        status: "dead",
        attempts: 8,
      })
      .returning({ id: mailOutbox.id }),
  );
const anArticle = () =>
  uuid(() =>
    s.db
      .insert(articles)
      .values({ slug: `a-${crypto.randomUUID()}`, section: "economic", title: "To delete" })
      .returning({ id: articles.id }),
  );

const loaderCase = (url: string, fn: Fn = adminRoute.loader as Fn, mutates = false): Case => ({
  name: `GET ${url}`,
  fn,
  url,
  mutates,
});
const intentCase = (intent: string, form: () => Promise<Record<string, string>>): Case => ({
  name: `POST /admin intent=${intent}`,
  fn: adminRoute.action as Fn,
  url: "/admin",
  form: async () => ({ intent, ...(await form()) }),
  mutates: true, // every intent writes an audit row, even the read-only tests
});
const none = async () => ({});

const CASES: Case[] = [
  loaderCase("/admin"),
  ...ADMIN_TABS.map((tab) => loaderCase(`/admin?tab=${tab}`)),
  ...["articles", "brokers", "blacklist", "events", "education", "feeds"].map((type) =>
    loaderCase(`/admin?tab=content&type=${type}&edit=new`),
  ),
  loaderCase("/admin?tab=users&q=victim&page=1"),
  loaderCase("/admin?tab=overview&inbox=all&inboxPage=2&auditPage=2"),
  loaderCase("/admin?tab=email-templates&status=dead&mail=00000000-0000-0000-0000-000000000000"),
  loaderCase("/admin/subscribers.csv", csvRoute.loader as Fn, true),
  {
    name: "POST /admin/preview",
    fn: previewRoute.action as Fn,
    url: "/admin/preview",
    form: async () => ({ markdown: "# Hello <script>x</script>" }),
    mutates: false,
  },
  intentCase("grantAdmin", async () => ({ userId: victimId })),
  intentCase("revokeAdmin", async () => {
    await grantAdmin(s.db, victimId);
    return { userId: victimId };
  }),
  intentCase("ban", async () => ({ userId: victimId })),
  intentCase("unban", async () => {
    await s.db.update(user).set({ banned: true }).where(eq(user.id, victimId));
    return { userId: victimId };
  }),
  intentCase("setHandled", async () => ({
    id: await uuid(() =>
      s.db
        .insert(formSubmissions)
        .values({ kind: "contact", email: "c@example.com", payload: { message: "hi" } })
        .returning({ id: formSubmissions.id }),
    ),
    handled: "true",
  })),
  intentCase("retryMail", async () => ({ id: await deadMail() })),
  intentCase("saveSite", async () => ({ siteName: `Site ${crypto.randomUUID().slice(0, 6)}`, tagline: "T" })),
  intentCase("saveMarket", async () => ({
    heroSymbols: "TASI",
    marketTickMs: String(2000 + Math.floor(Math.random() * 1000)),
  })),
  intentCase("saveAuth", async () => ({
    requireVerifiedEmail: s.settings.get("requireVerifiedEmail") === false ? "on" : "",
  })),
  intentCase("saveLimits", async () => ({
    alertsPerUser: String(100 + Math.floor(Math.random() * 100)),
    webhooksPerMinute: "30",
    pushesPerMinute: "30",
  })),
  intentCase("testAi", none),
  intentCase("testMail", async () => ({ testEmail: "ops@example.com" })),
  intentCase("saveContent", async () => ({
    entity: "articles",
    section: "economic",
    title: `Article ${crypto.randomUUID().slice(0, 8)}`,
    published: "on",
  })),
  intentCase("deleteContent", async () => ({ entity: "articles", id: await anArticle() })),
  intentCase("refreshFeed", async () => ({
    id: await uuid(() =>
      s.db
        .insert(newsFeeds)
        .values({
          url: `https://example.com/${crypto.randomUUID()}.xml`,
          name: "F",
          nextFetchAt: new Date(Date.now() + 1e9),
        })
        .returning({ id: newsFeeds.id }),
    ),
  })),
  intentCase("sendNewsletter", async () => ({
    subject: "Weekly",
    content: "Markets rose.",
    frequency: "weekly",
    isTest: "true",
    testEmail: "nl-test@example.com",
  })),
  intentCase("testWelcome", async () => ({ testEmail: "welcome-test@example.com" })),
  intentCase("testBrokerSelection", async () => ({ testEmail: "broker-test@example.com" })),
];

async function call(c: Case, who: keyof typeof cookies, form?: Record<string, string>) {
  const headers = new Headers();
  if (cookies[who]) headers.set("cookie", cookies[who]);
  const request = new Request(`http://localhost:3000${c.url}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
  });
  const context = new RouterContextProvider();
  context.set(requestContext, { services: s, nonce: "test", clientIp: "127.0.0.1" });
  try {
    return { thrown: false, value: await c.fn({ request, context, params: {} }) };
  } catch (value) {
    return { thrown: true, value };
  }
}

/** The HTTP status a route result stands for. */
function statusOf(value: unknown): number {
  if (value instanceof Response) return value.status;
  if (value && typeof value === "object" && "init" in value) return (value as any).init?.status ?? 200;
  return 200;
}

describe("admin access control (anonymous, user, admin)", () => {
  it("covers every action intent", () => {
    const covered = CASES.filter((c) => c.name.startsWith("POST /admin intent=")).map(
      (c) => c.name.split("=")[1],
    );
    expect(covered.sort()).toEqual([...ADMIN_INTENTS].sort());
  });

  for (const c of CASES) {
    it(c.name, async () => {
      const form = c.form ? await c.form() : undefined;
      for (const who of ["anonymous", "user"] as const) {
        const before = await fingerprint();
        const { thrown, value } = await call(c, who, form);
        expect(thrown, `${who} must be refused`).toBe(true);
        expect(value).toBeInstanceOf(Response);
        expect((value as Response).status).toBe(302);
        expect((value as Response).headers.get("Location")).toBe("/");
        expect(await fingerprint(), `${who} must change nothing`).toBe(before);
      }
      const auditBefore = (await s.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
      const before = await fingerprint();
      const { thrown, value } = await call(c, "admin", form);
      expect(thrown, `admin must get through: ${String((value as any)?.status ?? "")}`).toBe(false);
      expect(statusOf(value)).toBeLessThan(400);
      if (value && typeof value === "object" && "data" in value) expect((value as any).data.ok).toBe(true);
      const auditAfter = (await s.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
      if (c.mutates) {
        expect(auditAfter, "an admin mutation is audited").toBe(auditBefore + 1);
        expect(await fingerprint()).not.toBe(before);
      } else {
        expect(auditAfter).toBe(auditBefore);
        expect(await fingerprint()).toBe(before);
      }
    });
  }

  it("a banned admin's session no longer opens /admin", async () => {
    const id = await signUp("second@example.com", "Second");
    await grantAdmin(s.db, id);
    const cookie = await signIn("second@example.com");
    await s.admin.run({ id: victimId, email: "victim@example.com" }, { intent: "ban", userId: id });
    const request = new Request("http://localhost:3000/admin", { headers: { cookie } });
    const context = new RouterContextProvider();
    context.set(requestContext, { services: s, nonce: "n", clientIp: "127.0.0.1" });
    await expect(adminRoute.loader({ request, context, params: {} } as any)).rejects.toMatchObject({
      status: 302,
    });
    expect(await s.db.select().from(userRoles).where(eq(userRoles.userId, id))).toHaveLength(1);
  });
});
