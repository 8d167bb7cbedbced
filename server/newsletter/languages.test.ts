import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_ADMIN_MESSAGES, sendNewsletterSchema } from "#common/newsletter-schema";
import { mailOutbox, newsletterCampaigns, newsletterSubscribers } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import type { Newsletter } from "./service";

/** Newsletters per language: each subscriber gets the campaign's version in their language. */

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

async function subscribers() {
  await nl.subscribe(
    { source: "community", fullName: "English Reader", email: "en@example.com" },
    { locale: "en" },
  );
  await nl.subscribe(
    { source: "community", fullName: "قارئ عربي", email: "ar@example.com" },
    { locale: "ar" },
  );
  // A row written before languages were recorded reads English (the column's default).
  await s.db
    .insert(newsletterSubscribers)
    .values({ email: "old@example.com", fullName: "Old", frequency: "weekly" });
  await s.db.delete(mailOutbox);
}

const mailTo = async (campaignId: string, to: string) =>
  (await s.db.select().from(mailOutbox).where(eq(mailOutbox.campaignId, campaignId))).find(
    (m) => m.toAddress === to,
  )!;

describe("newsletters per language", () => {
  it("a subscriber's language is the page they subscribed from, English by default", async () => {
    await subscribers();
    const rows = await s.db.select().from(newsletterSubscribers);
    const lang = Object.fromEntries(rows.map((r) => [r.email, r.locale]));
    expect(lang).toEqual({ "en@example.com": "en", "ar@example.com": "ar", "old@example.com": "en" });
  });

  it("sends the Arabic version to Arabic subscribers and the English one to the others", async () => {
    await subscribers();
    const { campaignId, queued } = await nl.sendCampaign({
      subject: "Weekly Gulf wrap",
      content: "Banks **led** the week.",
      subjectAr: "حصاد الخليج الأسبوعي",
      contentAr: "قادت **البنوك** تداولات الأسبوع.",
      frequency: "weekly",
    });
    expect(queued).toBe(3);
    const ar = await mailTo(campaignId, "ar@example.com");
    expect(ar.subject).toBe("حصاد الخليج الأسبوعي");
    expect(ar.html).toContain("<strong>البنوك</strong>");
    expect(ar.html).not.toContain("Banks");
    for (const to of ["en@example.com", "old@example.com"]) {
      const en = await mailTo(campaignId, to);
      expect(en.subject).toBe("Weekly Gulf wrap");
      expect(en.html).toContain("<strong>led</strong>");
      expect(en.html).not.toContain("البنوك");
    }
  });

  it("without an Arabic version, Arabic subscribers get the English one", async () => {
    await subscribers();
    const { campaignId } = await nl.sendCampaign({
      subject: "English only",
      content: "Only English.",
      frequency: "weekly",
    });
    const ar = await mailTo(campaignId, "ar@example.com");
    expect(ar.subject).toBe("English only");
    expect(ar.html).toContain("Only English.");
    const [campaign] = await s.db.select().from(newsletterCampaigns);
    expect(campaign).toMatchObject({ subjectAr: null, contentMarkdownAr: null });
  });

  it("a test send mails both versions when the Arabic is written", async () => {
    await nl.sendTest({
      subject: "Preview",
      content: "English body",
      subjectAr: "معاينة",
      contentAr: "النص العربي",
      testEmail: "editor@example.com",
    });
    const rows = await s.db.select().from(mailOutbox);
    expect(rows.map((r) => r.subject).sort()).toEqual(["[Test] Preview", "[تجريبي] معاينة"]);
    expect(rows.find((r) => r.subject.includes("معاينة"))!.html).toContain("النص العربي");
  });

  it("refuses half an Arabic version, with the same rule in the form and the API", () => {
    const base = { subject: "S", content: "C", frequency: "weekly", isTest: "false" };
    const half = sendNewsletterSchema.safeParse({ ...base, subjectAr: "موضوع" });
    expect(half.success).toBe(false);
    expect(half.error?.issues[0]?.message).toBe(NEWSLETTER_ADMIN_MESSAGES.fillBothArabic);
    expect(sendNewsletterSchema.safeParse({ ...base, contentAr: "محتوى" }).success).toBe(false);
    expect(sendNewsletterSchema.safeParse({ ...base, subjectAr: "موضوع", contentAr: "محتوى" }).success).toBe(
      true,
    );
    expect(sendNewsletterSchema.safeParse(base).success).toBe(true);
  });
});
