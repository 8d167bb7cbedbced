import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarEventFormSchema } from "#common/calendar-schema";
import { alertNotifications, auditLog, calendarReminders, economicEvents, mailOutbox } from "../db/schema";
import type { Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { toFeedEvents } from "./forex-factory";
import { mergeFeedEvents } from "./merge";
import type { CalendarFeature } from "./service";

let s: Services;
let calendar: CalendarFeature;
let alice: string;
let bob: string;
const MIN = 60_000;

async function futureEvent(title: string, inMinutes: number) {
  const [row] = await s.db
    .insert(economicEvents)
    .values({
      sourceKey: `test:${title}`,
      series: `test:${title}`,
      title,
      startsAt: new Date(Date.now() + inMinutes * MIN),
      country: "Saudi Arabia",
      category: "Central Bank",
      importance: "high",
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  s = await createTestServices();
  calendar = s.calendar as unknown as CalendarFeature;
  alice = await signUpVerified(s, "alice-cal@example.test", "Alice");
  bob = await signUpVerified(s, "bob-cal@example.test", "Bob");
});
afterAll(() => s.close());

describe("Remind me", () => {
  it("sends an in-app notification (and a mail when asked) N minutes before, once, to its owner only", async () => {
    const event = await futureEvent("SAMA Repo Rate Decision", 120);
    await calendar.reminders.set(alice, { eventId: event.id, minutesBefore: 60, notifyEmail: true });
    await calendar.reminders.set(bob, { eventId: event.id, minutesBefore: 15, notifyEmail: false });
    expect((await calendar.reminders.get(alice, event.id))!.minutesBefore).toBe(60);
    // Another user's reminder is invisible and untouchable through their id.
    expect(await calendar.reminders.remove(alice, "00000000-0000-4000-8000-000000000000")).toBe(false);

    // Not yet due.
    expect(await calendar.reminders.sendDue(new Date(Date.now() + 30 * MIN))).toBe(0);
    // Alice's is due one hour before; Bob's is not.
    const at = new Date(Date.now() + 61 * MIN);
    expect(await calendar.reminders.sendDue(at)).toBe(1);
    expect(await calendar.reminders.sendDue(at)).toBe(0);

    const notes = await s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, alice));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe("Reminder: SAMA Repo Rate Decision");
    expect(notes[0]!.message).toMatch(/\(Asia\/Dubai\)/);
    expect(
      await s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, bob)),
    ).toHaveLength(0);
    const mails = await s.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "calendar-reminder"));
    expect(mails.map((m) => m.toAddress)).toEqual(["alice-cal@example.test"]);
    expect(mails[0]!.text).toContain(`/calendar/${event.id}`);

    // Bob's, 15 minutes before, in his saved zone and without a mail.
    await calendar.timeZones.set(bob, "Europe/London");
    expect(await calendar.reminders.sendDue(new Date(Date.now() + 106 * MIN))).toBe(1);
    const [bobs] = await s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, bob));
    expect(bobs!.message).toMatch(/\(Europe\/London\)/);
    expect(await s.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "calendar-reminder"))).toHaveLength(
      1,
    );
  });

  it("follows its event when the feed moves it, and stays quiet for a cancelled event", async () => {
    const [week] = toFeedEvents([
      {
        title: "CPI m/m",
        country: "USD",
        date: new Date(Date.now() + 3 * 24 * 60 * MIN).toISOString(),
        impact: "High",
        forecast: "0.3%",
        previous: "0.2%",
      },
    ]);
    await mergeFeedEvents(s.db, [week!]);
    const [row] = await s.db
      .select()
      .from(economicEvents)
      .where(eq(economicEvents.sourceKey, week!.sourceKey));
    await calendar.reminders.set(alice, { eventId: row!.id, minutesBefore: 30, notifyEmail: false });
    const later = new Date(week!.startsAt.getTime() + 60 * MIN);
    await mergeFeedEvents(s.db, [{ ...week!, startsAt: later }]);
    const [reminder] = await s.db
      .select()
      .from(calendarReminders)
      .where(and(eq(calendarReminders.userId, alice), eq(calendarReminders.eventId, row!.id)));
    expect(reminder!.remindAt.getTime()).toBe(later.getTime() - 30 * MIN);

    const cancelled = await futureEvent("Cancelled meeting", 90);
    await calendar.reminders.set(alice, { eventId: cancelled.id, minutesBefore: 60, notifyEmail: true });
    await s.db.update(economicEvents).set({ status: "cancelled" }).where(eq(economicEvents.id, cancelled.id));
    const before = (await s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, alice)))
      .length;
    await calendar.reminders.sendDue(new Date(Date.now() + 40 * MIN));
    expect(
      (await s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, alice))).length,
    ).toBe(before);
  });

  it("refuses a lead time off the list, an unknown event and a past one", async () => {
    const event = await futureEvent("QCB Deposit Rate Decision", 300);
    await expect(
      calendar.reminders.set(alice, { eventId: event.id, minutesBefore: 7, notifyEmail: false }),
    ).rejects.toThrow(/minutes/);
    await expect(
      calendar.reminders.set(alice, {
        eventId: "00000000-0000-4000-8000-000000000000",
        minutesBefore: 15,
        notifyEmail: false,
      }),
    ).rejects.toThrow(/does not exist/);
    const past = await futureEvent("Yesterday's release", -24 * 60);
    await expect(
      calendar.reminders.set(alice, { eventId: past.id, minutesBefore: 15, notifyEmail: false }),
    ).rejects.toThrow(/already happened/);
  });
});

describe("reader's time zone", () => {
  it("is stored per user and must be a real zone", async () => {
    await calendar.timeZones.set(alice, "Asia/Riyadh");
    expect(await calendar.timeZones.get(alice)).toBe("Asia/Riyadh");
    await expect(calendar.timeZones.set(alice, "Mars/Olympus")).rejects.toThrow(/valid time zone/);
    expect(await calendar.timeZones.get(alice)).toBe("Asia/Riyadh");
  });
});

describe("editors' Gulf rows", () => {
  it("saves with confidence and source link, is audited, and neither schedule nor feed overwrites it", async () => {
    await calendar.ensureSchedule();
    const [sama] = (await calendar.editor.list({ page: 1, query: "SAMA" })).rows;
    expect(sama!.confidence).toBe("schedule");
    const form = calendarEventFormSchema.parse({
      id: sama!.id,
      title: sama!.title,
      startsAt: "2027-01-27T19:30",
      country: "Saudi Arabia",
      category: "Central Bank",
      importance: "high",
      confidence: "confirmed",
      sourceUrl: "https://www.sama.gov.sa/en-US/News/Pages/default.aspx",
      actual: "4.25%",
    });
    const saved = await calendar.editor.save(alice, form);
    expect(saved).toMatchObject({ confidence: "confirmed", source: "editor", actual: "4.25%" });
    expect(saved.startsAt.toISOString()).toBe("2027-01-27T19:30:00.000Z");
    const audit = await s.db.select().from(auditLog).where(eq(auditLog.target, sama!.id));
    expect(audit.map((a) => a.action)).toEqual(["calendar.update"]);

    await calendar.ensureSchedule();
    expect((await calendar.byId(sama!.id))!.startsAt.toISOString()).toBe("2027-01-27T19:30:00.000Z");

    const created = await calendar.editor.save(
      alice,
      calendarEventFormSchema.parse({
        title: "TASI quarterly index rebalancing",
        startsAt: "2027-03-19T12:00:00Z",
        country: "Saudi Arabia",
        category: "Markets",
        importance: "medium",
        confidence: "expected",
        sourceUrl: "",
      }),
    );
    expect(created).toMatchObject({ source: "editor", confidence: "expected", sourceUrl: null });
  });

  it("rejects a form without a title or with a bad link", () => {
    const bad = calendarEventFormSchema.safeParse({
      title: "",
      startsAt: "tomorrow",
      country: "Atlantis",
      category: "Central Bank",
      importance: "high",
      confidence: "confirmed",
      sourceUrl: "javascript:alert(1)",
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["title", "startsAt", "country", "sourceUrl"]));
  });
});
