import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAdmin, isAdmin } from "../auth/roles";
import { renderMarkdown } from "../content/markdown";
import {
  articles,
  auditLog,
  blacklistEntries,
  formSubmissions,
  mailOutbox,
  newsFeeds,
  session,
  user,
  userRoles,
} from "../db/schema";
import type { Services } from "../services";
import { readLimits } from "../settings/limits";
import { createTestServices } from "../testing/test-services";
import { testAiConnection } from "./site-settings";

let s: Services;
const admin = { id: "adm-1", email: "root@example.com" };

beforeAll(async () => {
  s = await createTestServices();
  await s.db.insert(user).values({ id: admin.id, name: "Root", email: admin.email, emailVerified: true });
  await grantAdmin(s.db, admin.id);
});
afterAll(() => s.close());

/** One admin action; `fields` (a failure's field errors) is readable on any answer. */
const run = async (form: Record<string, string>, actor = admin) => {
  const r = await s.admin.run(actor, form);
  return { ...r, fields: r.ok ? undefined : r.fields };
};
/** The text an answer shows: the success message or the error. */
const said = (r: Awaited<ReturnType<typeof run>>) => (r.ok ? r.message : r.error);
const auditActions = async () => (await s.db.select().from(auditLog)).map((r) => r.action);

async function addUser(id: string, email = `${id}@example.com`, name = `User ${id}`) {
  await s.db.insert(user).values({ id, name, email });
}

describe("intents", () => {
  it("an intent named after an Object.prototype property is an unknown action, not a 500", async () => {
    for (const intent of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const result = await run({ intent });
      expect(result, intent).toMatchObject({ ok: false, status: 400, error: "Unknown action." });
    }
  });
});

describe("users", () => {
  it("searches by email or name and paginates newest first", async () => {
    for (let i = 0; i < 25; i++) {
      await s.db.insert(user).values({
        id: `pg-${i}`,
        name: i === 7 ? "Layla Haddad" : `Paged ${i}`,
        email: `paged${i}@example.com`,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      });
    }
    const first = await s.admin.users({ query: "paged", page: 1 });
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]!.email).toBe("paged24@example.com");
    const second = await s.admin.users({ query: "paged", page: 2 });
    expect(second.rows.map((r) => r.email)).toContain("paged0@example.com");
    const byName = await s.admin.users({ query: "layla", page: 1 });
    expect(byName.rows.map((r) => r.email)).toEqual(["paged7@example.com"]);
    expect((await s.admin.users({ query: "100%", page: 1 })).total).toBe(0);
    const me = (await s.admin.users({ query: admin.email, page: 1 })).rows[0]!;
    expect(me).toMatchObject({ isAdmin: true, emailVerified: true, banned: false, name: "Root" });
  });

  it("grants and revokes admin with audit entries; the last admin cannot remove themself", async () => {
    await addUser("u-grant");
    expect((await run({ intent: "grantAdmin", userId: "u-grant" })).ok).toBe(true);
    expect(await isAdmin(s.db, "u-grant")).toBe(true);
    expect((await run({ intent: "revokeAdmin", userId: "u-grant" })).ok).toBe(true);
    expect(await isAdmin(s.db, "u-grant")).toBe(false);

    const self = await run({ intent: "revokeAdmin", userId: admin.id });
    expect(self).toMatchObject({ ok: false, status: 409 });
    expect(said(self)).toBe("You are the last admin and cannot remove your own admin role.");
    expect(await isAdmin(s.db, admin.id)).toBe(true);

    // With a second admin, an admin may step down.
    await grantAdmin(s.db, "u-grant");
    const stepDown = await run({ intent: "revokeAdmin", userId: "u-grant" }, { id: "u-grant", email: "x" });
    expect(stepDown.ok).toBe(true);
    expect(await isAdmin(s.db, admin.id)).toBe(true);
    expect(await auditActions()).toEqual(expect.arrayContaining(["user.grant_admin", "user.revoke_admin"]));
  });

  it("two admins revoking each other at once never leave the site without an admin", async () => {
    await addUser("u-a");
    await addUser("u-b");
    await grantAdmin(s.db, "u-a");
    await grantAdmin(s.db, "u-b");
    await s.db.delete(userRoles).where(eq(userRoles.userId, admin.id));
    try {
      const results = await Promise.all([
        run({ intent: "revokeAdmin", userId: "u-b" }, { id: "u-a", email: "a" }),
        run({ intent: "revokeAdmin", userId: "u-a" }, { id: "u-b", email: "b" }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(said(results.find((r) => !r.ok)!)).toBe("The last admin cannot be removed.");
      const left = await Promise.all(["u-a", "u-b"].map((id) => isAdmin(s.db, id)));
      expect(left.filter(Boolean)).toHaveLength(1);
    } finally {
      await grantAdmin(s.db, admin.id);
    }
  });

  it("banning revokes every session; unbanning restores sign-in; nobody bans themself", async () => {
    await addUser("u-ban");
    await s.db.insert(session).values([
      { id: "s1", token: "t1", userId: "u-ban", expiresAt: new Date(Date.now() + 1e6) },
      { id: "s2", token: "t2", userId: "u-ban", expiresAt: new Date(Date.now() + 1e6) },
    ]);
    expect((await run({ intent: "ban", userId: "u-ban" })).ok).toBe(true);
    expect(await s.db.select().from(session).where(eq(session.userId, "u-ban"))).toHaveLength(0);
    expect((await s.db.select().from(user).where(eq(user.id, "u-ban")))[0]!.banned).toBe(true);
    expect((await run({ intent: "unban", userId: "u-ban" })).ok).toBe(true);
    expect((await s.db.select().from(user).where(eq(user.id, "u-ban")))[0]!.banned).toBe(false);
    const self = await run({ intent: "ban", userId: admin.id });
    expect(self).toMatchObject({ ok: false, error: "You cannot ban yourself." });
    expect((await run({ intent: "ban", userId: "nobody" })).status).toBe(404);
  });
});

describe("content", () => {
  const article = {
    intent: "saveContent",
    entity: "articles",
    section: "economic",
    title: "Saudi GDP beats forecasts",
    excerpt: "Growth surprised.",
    bodyMarkdown: "**Strong** quarter <script>alert(1)</script>",
    published: "on",
  };

  it("creates articles with unique slugs generated from the title", async () => {
    const a = await run(article);
    const b = await run(article);
    expect(a.ok && b.ok).toBe(true);
    const rows = await s.db.select().from(articles);
    expect(rows.map((r) => r.slug).sort()).toEqual([
      "saudi-gdp-beats-forecasts",
      "saudi-gdp-beats-forecasts-2",
    ]);
    expect(rows[0]!.authorId).toBe(admin.id);
  });

  it("refuses a taken slug with a field error and writes nothing", async () => {
    const before = await s.db.select().from(articles);
    const r = await run({ ...article, slug: "saudi-gdp-beats-forecasts" });
    expect(r).toMatchObject({ ok: false, status: 409 });
    expect(r.fields?.slug).toBe("Another article already uses this slug.");
    expect(await s.db.select().from(articles)).toHaveLength(before.length);
  });

  it("validates input: 400 with field errors, nothing written", async () => {
    const before = (await s.db.select().from(articles)).length;
    const r = await run({ ...article, title: " ", slug: "Bad Slug!" });
    expect(r.status).toBe(400);
    expect(r.fields).toMatchObject({ title: "Title is required", slug: expect.any(String) });
    expect(await s.db.select().from(articles)).toHaveLength(before);
  });

  it("updates, keeps the slug when left blank, and deletes", async () => {
    const [row] = await s.db.select().from(articles).where(eq(articles.slug, "saudi-gdp-beats-forecasts-2"));
    const r = await run({ ...article, id: row!.id, title: "Edited title", published: "" });
    expect(r.ok).toBe(true);
    const [after] = await s.db.select().from(articles).where(eq(articles.id, row!.id));
    expect(after).toMatchObject({
      title: "Edited title",
      slug: "saudi-gdp-beats-forecasts-2",
      published: false,
    });
    expect((await run({ intent: "deleteContent", entity: "articles", id: row!.id })).ok).toBe(true);
    expect(await s.db.select().from(articles).where(eq(articles.id, row!.id))).toHaveLength(0);
    expect((await run({ intent: "deleteContent", entity: "articles", id: row!.id })).status).toBe(404);
  });

  it("blacklist names are unique and severity is checked", async () => {
    const entry = {
      intent: "saveContent",
      entity: "blacklist",
      name: "FastProfit FX",
      reason: "Unlicensed",
      warning: "Do not deposit",
      severity: "urgent",
    };
    expect((await run(entry)).ok).toBe(true);
    expect((await run(entry)).fields?.name).toBe("This broker is already on the blacklist.");
    expect((await run({ ...entry, name: "Other", severity: "low" })).fields?.severity).toBeTruthy();
    expect(await s.db.select().from(blacklistEntries)).toHaveLength(1);
  });

  it("covers brokers, calendar events, education cards and feeds", async () => {
    const results = await Promise.all([
      run({
        intent: "saveContent",
        entity: "brokers",
        name: "Gulf Trade",
        rating: "4.5",
        regulators: "DFSA, SCA",
        minDeposit: "$100",
        spread: "0.8 pips",
        features: "Islamic accounts\nArabic support",
        published: "on",
      }),
      run({
        intent: "saveContent",
        entity: "events",
        title: "SAMA rate decision",
        startsAt: "2026-03-18T18:00",
        country: "Saudi Arabia",
        category: "Central Bank",
        importance: "high",
      }),
      run({
        intent: "saveContent",
        entity: "education",
        section: "Basics",
        title: "Pips",
        body: "A pip is...",
      }),
      run({
        intent: "saveContent",
        entity: "feeds",
        url: "https://example.com/rss",
        name: "Ex",
        category: "markets",
        enabled: "on",
      }),
    ]);
    expect(results.map(said)).toEqual(["Created.", "Created.", "Created.", "Created."]);
    const broker = (await s.admin.content({ entity: "brokers", page: 1 })).rows[0]!;
    expect(broker).toMatchObject({ slug: "gulf-trade", rating: 4.5, regulators: ["DFSA", "SCA"] });
    const event = (await s.admin.content({ entity: "events", page: 1 })).rows[0]!;
    expect((event.startsAt as Date).toISOString()).toBe("2026-03-18T18:00:00.000Z");
    expect(
      (await run({ intent: "saveContent", entity: "brokers", name: "X", rating: "6" })).fields?.rating,
    ).toBe("Rating must be between 0 and 5");
    expect(
      (
        await run({
          intent: "saveContent",
          entity: "feeds",
          url: "javascript:alert(1)",
          name: "x",
          category: "y",
        })
      ).fields?.url,
    ).toBeTruthy();
    const [feed] = await s.db.select().from(newsFeeds);
    expect((await run({ intent: "refreshFeed", id: feed!.id })).ok).toBe(true);
  });

  it("renders Markdown sanitized: no scripts, handlers or javascript: links", () => {
    for (const render of [renderMarkdown, s.admin.renderMarkdown]) {
      const html = render(
        '# Title\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)> <iframe src="https://e.com"></iframe>\n\n[ok](https://example.com)',
      );
      // The article renderer demotes headings below the page title.
      expect(html).toMatch(/<h[12][^>]*>Title<\/h[12]>/);
      expect(html).not.toMatch(/script|onerror|javascript:|iframe/i);
      expect(html).toMatch(/href="https:\/\/example.com"/);
    }
  });
});

describe("settings", () => {
  it("saves site settings, applied at once; bad input changes nothing", async () => {
    const r = await run({
      intent: "saveSite",
      siteName: "Gulf Wire",
      tagline: "Fast",
      contactEmail: "desk@gulfwire.test",
    });
    expect(r.ok).toBe(true);
    expect(s.settings.get("siteName")).toBe("Gulf Wire");
    expect(s.settings.all().tagline).toBe("Fast");
    const bad = await run({ intent: "saveSite", siteName: "", tagline: "Changed" });
    expect(bad.fields?.siteName).toBe("Site name is required");
    expect(s.settings.get("tagline")).toBe("Fast");
  });

  it("market settings: hero symbols and the tick interval are validated", async () => {
    expect((await run({ intent: "saveMarket", heroSymbols: "tasi, usd/aed", marketTickMs: "5000" })).ok).toBe(
      true,
    );
    expect(s.settings.get("marketTickMs")).toBe(5000);
    expect(s.settings.get<string[]>("heroSymbols")).toEqual(
      s.market ? expect.any(Array) : ["TASI", "USD/AED"],
    );
    const bad = await run({ intent: "saveMarket", heroSymbols: "", marketTickMs: "10" });
    expect(bad.fields).toMatchObject({ heroSymbols: expect.any(String), marketTickMs: expect.any(String) });
    expect(s.settings.get("marketTickMs")).toBe(5000);
  });

  it("limits: whole numbers in range, read through the limits helper; bad input changes nothing", async () => {
    const saved = await run({
      intent: "saveLimits",
      alertsPerUser: "250",
      webhooksPerMinute: "12",
      pushesPerMinute: "5",
    });
    expect(saved.ok).toBe(true);
    expect(readLimits(s.settings)).toEqual({ alertsPerUser: 250, webhooksPerMinute: 12, pushesPerMinute: 5 });
    expect(s.settings.get("limits.pushesPerMinute")).toBe(5);
    const bad = await run({
      intent: "saveLimits",
      alertsPerUser: "2.5",
      webhooksPerMinute: "0",
      pushesPerMinute: "5",
    });
    expect(bad.ok).toBe(false);
    expect(bad.fields).toEqual({
      alertsPerUser: "Alerts per user must be a whole number",
      webhooksPerMinute: "Webhooks per user per minute must be at least 1",
    });
    expect(readLimits(s.settings)).toEqual({ alertsPerUser: 250, webhooksPerMinute: 12, pushesPerMinute: 5 });
    expect(s.admin.settings().values.limits).toEqual(readLimits(s.settings));
  });

  it("the verified-email requirement is a setting read at sign-in", async () => {
    expect((await run({ intent: "saveAuth" })).ok).toBe(true);
    expect(s.settings.get("requireVerifiedEmail")).toBe(false);
    expect((await run({ intent: "saveAuth", requireVerifiedEmail: "on" })).ok).toBe(true);
    expect(s.settings.get("requireVerifiedEmail")).toBe(true);
  });

  it("AI test connection: offline default, then a real HTTP provider", async () => {
    expect((await testAiConnection(s.config)).message).toMatch(/offline assistant/);
    const http = await import("node:http");
    const server = http.createServer((req, res) => {
      res.setHeader("Content-Type", "application/json");
      if (req.headers.authorization !== "Bearer good") {
        res.statusCode = 401;
        return res.end("{}");
      }
      res.end(JSON.stringify({ data: [{ id: "gulf-model" }, { id: "other" }] }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    const base = { ...s.config, AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: "gulf-model" };
    try {
      const good = await testAiConnection({ ...base, AI_API_KEY: "good" });
      expect(good).toMatchObject({ ok: true });
      expect(good.message).toContain("2 models available; gulf-model is among them");
      expect(await testAiConnection({ ...base, AI_API_KEY: "bad" })).toMatchObject({ ok: false });
    } finally {
      server.close();
    }
    const down = await testAiConnection({
      ...base,
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_API_KEY: "x",
    });
    expect(down.ok).toBe(false);
  });

  it("a test mail goes through the outbox", async () => {
    const r = await run({ intent: "testMail", testEmail: "ops@example.com" });
    expect(r.ok).toBe(true);
    const rows = await s.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "ops@example.com"));
    expect(rows).toHaveLength(1);
    expect(said(await run({ intent: "testMail", testEmail: "" }))).toBe("Please enter a test email address");
  });
});

describe("inbox, outbox and audit", () => {
  it("marks submissions handled and lists open ones", async () => {
    const [sub] = await s.db
      .insert(formSubmissions)
      .values({ kind: "contact", email: "c@example.com", payload: { name: "C", message: "Hi" } })
      .returning();
    let view = await s.admin.overview({ inboxFilter: "open", inboxPage: 1, auditPage: 1 });
    expect(view.inbox.rows.map((r) => r.id)).toContain(sub!.id);
    expect((await run({ intent: "setHandled", id: sub!.id, handled: "true" })).ok).toBe(true);
    view = await s.admin.overview({ inboxFilter: "open", inboxPage: 1, auditPage: 1 });
    expect(view.inbox.rows.map((r) => r.id)).not.toContain(sub!.id);
    expect(view.inbox.open).toBe(0);
  });

  it("retries a dead mail only", async () => {
    await s.outbox.enqueue({
      idempotencyKey: "dead-1",
      kind: "t",
      to: "d@example.com",
      subject: "S",
      html: "h",
      text: "t",
    });
    const [row] = await s.db.select().from(mailOutbox).where(eq(mailOutbox.idempotencyKey, "dead-1"));
    expect(said(await run({ intent: "retryMail", id: row!.id }))).toBe("Only a dead mail can be retried.");
    await s.db
      .update(mailOutbox)
      .set({ status: "dead", attempts: 8, lastError: "boom" })
      .where(eq(mailOutbox.id, row!.id));
    expect((await run({ intent: "retryMail", id: row!.id })).ok).toBe(true);
    const [after] = await s.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(after).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("every mutation above left an audit row with its actor", async () => {
    const { rows, total } = await (async () => {
      const v = await s.admin.overview({ inboxFilter: "all", inboxPage: 1, auditPage: 1 });
      return v.audit;
    })();
    expect(total).toBeGreaterThan(10);
    expect(rows[0]!.actorEmail).toBeTruthy();
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        "user.ban",
        "user.unban",
        "content.articles.create",
        "content.articles.update",
        "content.articles.delete",
        "content.blacklist.create",
        "settings.site",
        "settings.market",
        "settings.auth",
        "settings.test_mail",
        "inbox.handled",
        "mail.retry",
      ]),
    );
  });

  it("Site Status names what is degraded", async () => {
    const { health } = await s.admin.overview({ inboxFilter: "open", inboxPage: 1, auditPage: 1 });
    const byKey = Object.fromEntries(health.checks.map((c) => [c.key, c]));
    expect(byKey.database!.ok).toBe(true);
    // Jobs are off in tests, so there is no leader; a dead mail from the test above is recent.
    expect(byKey.jobs).toMatchObject({ ok: false, reason: "disabled" });
    expect(health.ok).toBe(false);
    await s.db.update(mailOutbox).set({ status: "dead" }).where(eq(mailOutbox.idempotencyKey, "dead-1"));
    const again = await s.admin.overview({ inboxFilter: "open", inboxPage: 1, auditPage: 1 });
    expect(again.health.checks.find((c) => c.key === "mail")).toMatchObject({ ok: false, reason: "dead" });
  });

  it("feeds degrade when any enabled feed fails, counted and named", async () => {
    const feedsCheck = async () =>
      (await s.admin.overview({ inboxFilter: "open", inboxPage: 1, auditPage: 1 })).health.checks.find(
        (c) => c.key === "feeds",
      );
    await s.db.update(newsFeeds).set({ enabled: false });
    const [a] = await s.db.insert(newsFeeds).values({ url: "https://a.example/rss", name: "A" }).returning();
    const [b] = await s.db.insert(newsFeeds).values({ url: "https://b.example/rss", name: "B" }).returning();
    await s.db.update(newsFeeds).set({ lastError: "timeout" }).where(eq(newsFeeds.id, a!.id));
    expect(await feedsCheck()).toMatchObject({
      ok: false,
      reason: "someFailing",
      params: { failing: 1, enabled: 2, names: "A" },
    });
    await s.db.update(newsFeeds).set({ lastError: "HTTP 500" }).where(eq(newsFeeds.id, b!.id));
    expect(await feedsCheck()).toMatchObject({ ok: false, reason: "failing" });
  });
});
