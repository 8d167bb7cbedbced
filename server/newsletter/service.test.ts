import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isAppError } from "#common/errors";
import { mailOutbox, newsletterCampaigns, newsletterSubscribers } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import type { Newsletter } from "./service";

let s: Services;
let nl: Newsletter;
beforeAll(async () => {
  s = await createTestServices();
  nl = s.newsletter as Newsletter;
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.db.delete(mailOutbox);
  await s.db.delete(newsletterCampaigns);
  await s.db.delete(newsletterSubscribers);
});

async function seedSubscribers(
  n: number,
  frequency: "daily" | "weekly" | "monthly",
  prefix: string = frequency,
) {
  await s.db.insert(newsletterSubscribers).values(
    Array.from({ length: n }, (_, i) => ({
      email: `${prefix}-${i}@example.com`,
      fullName: `Reader ${i}`,
      frequency,
    })),
  );
}

const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
};

describe("subscribe", () => {
  it("stores the full form and queues one welcome mail with unsubscribe headers", async () => {
    const { id } = await nl.subscribe({
      source: "full",
      fullName: "Layla Haddad",
      email: "Layla@Example.com",
      company: "Dune Capital",
      interests: "Saudi equities",
      frequency: "daily",
    });
    const [row] = await s.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
    expect(row).toMatchObject({
      email: "Layla@Example.com",
      fullName: "Layla Haddad",
      company: "Dune Capital",
      interests: "Saudi equities",
      frequency: "daily",
      isActive: true,
      source: "full",
    });
    const mails = await s.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "welcome", toAddress: "Layla@Example.com" });
    expect(mails[0]!.html).toContain("Welcome to GulfPulse, Layla Haddad!");
    expect(mails[0]!.text).toContain("daily newsletter");
    expect(mails[0]!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("defaults the frequency to weekly and sends no welcome mail for the community form", async () => {
    await nl.subscribe({ source: "community", fullName: "Omar", email: "omar@example.com" });
    const [row] = await s.db.select().from(newsletterSubscribers);
    expect(row).toMatchObject({ frequency: "weekly", source: "community", company: null });
    expect(await s.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("refuses an active duplicate case-insensitively with the spec's message", async () => {
    await nl.subscribe({ source: "community", fullName: "Omar", email: "omar@example.com" });
    const err = await errorOf(
      nl.subscribe({ source: "full", fullName: "Omar 2", email: " OMAR@example.COM " }),
    );
    expect(isAppError(err) && err.code).toBe("conflict:newsletter_duplicate");
    expect((err as Error).message).toBe("Email already subscribed to newsletter");
    expect(await s.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });

  it("keeps the signup when the welcome mail cannot be queued, and logs the failure", async () => {
    const enqueue = vi.spyOn(s.outbox, "enqueue").mockRejectedValueOnce(new Error("outbox down"));
    const logged = vi.spyOn(s.log, "error");
    await nl.subscribe({ source: "full", fullName: "Sara", email: "sara@example.com" });
    expect(enqueue).toHaveBeenCalledOnce();
    expect(logged).toHaveBeenCalledWith(expect.anything(), "welcome email could not be queued");
    expect(await s.db.select().from(newsletterSubscribers)).toHaveLength(1);
    enqueue.mockRestore();
    logged.mockRestore();
  });

  it("limits signups per IP address", async () => {
    const results: string[] = [];
    for (let i = 0; i < 22; i++) {
      try {
        await nl.subscribe(
          { source: "community", fullName: "Bot", email: `bot${i}@example.com` },
          { ip: "10.0.0.9" },
        );
        results.push("ok");
      } catch (err) {
        results.push(isAppError(err) ? err.code : "other");
      }
    }
    expect(results.filter((r) => r === "ok")).toHaveLength(20);
    expect(results.at(-1)).toBe("rate_limited:newsletter");
  });
});

describe("unsubscribe and resubscribe", () => {
  it("deactivates with a signed token, rejects a forged one, and lets the reader come back", async () => {
    const { id } = await nl.subscribe({
      source: "full",
      fullName: "Noor",
      email: "noor@example.com",
      frequency: "monthly",
    });
    const { pageUrl, oneClickUrl } = nl.unsubscribeLinks(id);
    const token = new URL(pageUrl).searchParams.get("token")!;
    expect(new URL(oneClickUrl).searchParams.get("token")).toBe(token);

    const forged = `${id}.${"A".repeat(32)}`;
    expect(await nl.unsubscribeInfo(forged)).toBeNull();
    expect(await nl.unsubscribe(forged)).toBeNull();
    expect(await nl.unsubscribe("garbage")).toBeNull();

    expect(await nl.unsubscribeInfo(token)).toEqual({ email: "noor@example.com", isActive: true });
    expect(await nl.unsubscribe(token)).toEqual({ email: "noor@example.com" });
    expect(await nl.unsubscribe(token)).toEqual({ email: "noor@example.com" });
    expect(await nl.unsubscribeInfo(token)).toEqual({ email: "noor@example.com", isActive: false });

    // Resubscribing through the community form reactivates the row and keeps the frequency.
    const again = await nl.subscribe({ source: "community", fullName: "Noor A.", email: "NOOR@example.com" });
    expect(again.id).toBe(id);
    const [row] = await s.db.select().from(newsletterSubscribers);
    expect(row).toMatchObject({
      isActive: true,
      fullName: "Noor A.",
      frequency: "monthly",
      unsubscribedAt: null,
    });
  });
});

describe("campaigns", () => {
  it("queues one mail per active subscriber of the frequency, idempotently, and reports progress", async () => {
    await seedSubscribers(30, "weekly");
    await seedSubscribers(5, "daily");
    await s.db
      .update(newsletterSubscribers)
      .set({ isActive: false })
      .where(eq(newsletterSubscribers.email, "weekly-0@example.com"));

    const { campaignId, queued } = await nl.sendCampaign({
      subject: "Gulf markets this week",
      content: "## Highlights\n\n**TASI** rose.",
      frequency: "weekly",
    });
    expect(queued).toBe(29);
    const rows = await s.db.select().from(mailOutbox).where(eq(mailOutbox.campaignId, campaignId));
    expect(new Set(rows.map((r) => r.toAddress)).size).toBe(29);
    expect(rows.map((r) => r.toAddress)).not.toContain("weekly-0@example.com");
    const one = rows[0]!;
    expect(one.html).toContain("<h2>Highlights</h2>");
    expect(one.html).not.toContain("__GP_UNSUBSCRIBE_TOKEN__");
    expect(one.headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\?token=/,
    );
    // Each mail carries its own subscriber's token.
    expect(new Set(rows.map((r) => r.headers["List-Unsubscribe"])).size).toBe(29);

    // Running the queueing again (as after a crash) adds nothing: one row per (campaign, subscriber).
    await s.db
      .update(newsletterCampaigns)
      .set({ status: "queued", createdAt: sql`now() - interval '2 minutes'` });
    await nl.processCampaigns();
    expect(await s.db.select().from(mailOutbox).where(eq(mailOutbox.campaignId, campaignId))).toHaveLength(
      29,
    );

    expect(await nl.campaign(campaignId)).toMatchObject({
      total: 29,
      sent: 0,
      failed: 0,
      pending: 29,
      status: "sending",
    });
    await s.db
      .update(mailOutbox)
      .set({ status: "sent" })
      .where(sql`${mailOutbox.toAddress} like 'weekly-1%'`);
    await s.db
      .update(mailOutbox)
      .set({ status: "dead" })
      .where(eq(mailOutbox.toAddress, "weekly-2@example.com"));
    const progress = await nl.campaign(campaignId);
    expect(progress).toMatchObject({ total: 29, sent: 11, failed: 1, pending: 17 });

    await s.db.update(mailOutbox).set({ status: "sent" }).where(eq(mailOutbox.status, "pending"));
    await nl.processCampaigns();
    const [done] = await nl.campaigns();
    expect(done).toMatchObject({ id: campaignId, status: "done", sent: 28, failed: 1, pending: 0 });
    expect(done!.completedAt).toBeInstanceOf(Date);
  });

  it("leaves subscribers who joined after the campaign out of a resumed queueing", async () => {
    await seedSubscribers(3, "daily");
    const { campaignId } = await nl.sendCampaign({ subject: "Daily", content: "x", frequency: "daily" });
    await seedSubscribers(2, "daily", "late");
    await s.db
      .update(newsletterCampaigns)
      .set({ status: "queued", createdAt: sql`now() - interval '2 minutes'` });
    await s.db
      .update(newsletterSubscribers)
      .set({ subscribedAt: sql`now() - interval '3 minutes'` })
      .where(sql`${newsletterSubscribers.email} like 'daily-%'`);
    await nl.processCampaigns();
    const rows = await s.db.select().from(mailOutbox).where(eq(mailOutbox.campaignId, campaignId));
    expect(rows.map((r) => r.toAddress).sort()).toEqual([
      "daily-0@example.com",
      "daily-1@example.com",
      "daily-2@example.com",
    ]);
  });

  it("sends a test to one address without touching subscribers or the campaign list", async () => {
    await seedSubscribers(3, "weekly");
    await nl.sendTest({ subject: "Preview", content: "Hello **traders**", testEmail: "editor@example.com" });
    const rows = await s.db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      toAddress: "editor@example.com",
      subject: "[Test] Preview",
      kind: "newsletter-test",
    });
    expect(rows[0]!.html).toContain("<strong>traders</strong>");
    expect(await nl.campaigns()).toEqual([]);
  });
});

describe("admin views", () => {
  it("counts active subscribers per frequency and lists the newest first", async () => {
    await seedSubscribers(4, "weekly");
    await seedSubscribers(2, "daily");
    await seedSubscribers(1, "monthly");
    await s.db
      .update(newsletterSubscribers)
      .set({ isActive: false })
      .where(eq(newsletterSubscribers.email, "daily-0@example.com"));
    // The seeded readers subscribed an hour ago, so "newest" cannot tie with them on a busy machine.
    await s.db.update(newsletterSubscribers).set({ subscribedAt: sql`now() - interval '1 hour'` });
    await nl.subscribe({ source: "community", fullName: "Newest Reader", email: "newest@example.com" });
    expect(await nl.stats()).toEqual({ total: 8, active: 7, daily: 1, weekly: 5, monthly: 1 });
    const page = await nl.subscribers({ page: 1, pageSize: 3 });
    expect(page.total).toBe(7);
    expect(page.rows).toHaveLength(3);
    expect(page.rows[0]!.email).toBe("newest@example.com");
    expect((await nl.subscribers({ page: 1, pageSize: 10, query: "NEWEST" })).rows).toHaveLength(1);
    expect((await nl.subscribers({ page: 1, pageSize: 10, includeInactive: true })).total).toBe(8);
  });

  it("renders every template preview with an HTML and a plain-text part", () => {
    const previews = nl.previews();
    expect(previews.map((p) => p.id).sort()).toEqual(
      [
        "alert-triggered",
        "broker-selection",
        "newsletter",
        "password-reset",
        "verification",
        "welcome",
      ].sort(),
    );
    for (const p of previews) {
      expect(p.html.startsWith("<!DOCTYPE html>")).toBe(true);
      expect(p.text.length).toBeGreaterThan(40);
      expect(p.subject).not.toBe("");
    }
  });
});

describe("the subscriber's language", () => {
  it("records the page's language and sends an Arabic subscriber an Arabic, right-to-left welcome", async () => {
    const { id } = await nl.subscribe(
      { source: "full", fullName: "ليلى حداد", email: "layla.ar@example.com", frequency: "weekly" },
      { locale: "ar" },
    );
    const [row] = await s.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
    expect(row!.locale).toBe("ar");
    const [mail] = await s.db.select().from(mailOutbox);
    expect(mail!.subject).toBe("مرحباً بك في النشرة البريدية من GulfPulse");
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail!.html).toContain("text-align:right");
    expect(mail!.html).toContain("مرحباً بك في GulfPulse يا ليلى حداد!");
    expect(mail!.text).toContain("نشرتنا الأسبوعية");
    expect(mail!.text).not.toMatch(/Welcome|Thank you|Unsubscribe|You are receiving|Trade Smart/);
    // The unsubscribe page is the Arabic one and its token still works; one-click is the API.
    const page = mail!.html.match(/href="([^"]*\/newsletter\/unsubscribe\?token=[^"]+)"/)![1]!;
    expect(page).toMatch(/^http:\/\/localhost:3000\/ar\/newsletter\/unsubscribe\?token=/);
    expect(
      await nl.unsubscribeInfo(new URL(page.replaceAll("&amp;", "&")).searchParams.get("token")!),
    ).toEqual({
      email: "layla.ar@example.com",
      isActive: true,
    });
    expect(mail!.headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/newsletter\/unsubscribe/,
    );
  });

  it("keeps English subscribers' mails as they were and stores only the site's languages", async () => {
    await nl.subscribe({ source: "full", fullName: "Sam", email: "sam@example.com", frequency: "daily" });
    await nl.subscribe({ source: "full", fullName: "Zed", email: "zed@example.com" }, { locale: "fr" });
    const rows = await s.db.select().from(newsletterSubscribers);
    expect(rows.map((r) => r.locale)).toEqual(["en", "en"]);
    const [mail] = await s.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "sam@example.com"));
    expect(mail!.subject).toBe("Welcome to the GulfPulse newsletter");
    expect(mail!.html).toContain('<html lang="en" dir="ltr">');
    expect(mail!.text).toContain(
      "Thank you for subscribing. You will receive our daily newsletter with Gulf market news, analysis and broker insights.",
    );
    expect(mail!.html).toContain('href="http://localhost:3000/newsletter/unsubscribe?token=');
  });

  it("frames a campaign in each subscriber's language", async () => {
    await nl.subscribe(
      { source: "community", fullName: "Amal", email: "amal@example.com" },
      { locale: "ar" },
    );
    await nl.subscribe({ source: "community", fullName: "Ben", email: "ben@example.com" }, { locale: "en" });
    await s.db.update(newsletterSubscribers).set({ subscribedAt: sql`now() - interval '1 minute'` });
    const { campaignId } = await nl.sendCampaign({
      subject: "Markets",
      content: "**TASI** rose.",
      frequency: "weekly",
    });
    const rows = await s.db.select().from(mailOutbox).where(eq(mailOutbox.campaignId, campaignId));
    const byTo = new Map(rows.map((r) => [r.toAddress, r]));
    expect(byTo.get("amal@example.com")!.html).toContain('dir="rtl"');
    expect(byTo.get("amal@example.com")!.text).toContain(
      "تصلك هذه الرسالة لأنك مشترك في النشرة الأسبوعية من GulfPulse.",
    );
    expect(byTo.get("amal@example.com")!.html).toContain("/ar/newsletter/unsubscribe?token=");
    expect(byTo.get("ben@example.com")!.text).toContain(
      "You are receiving this because you subscribed to the GulfPulse weekly newsletter.",
    );
    expect(byTo.get("ben@example.com")!.html).not.toContain("/ar/");
  });
});
