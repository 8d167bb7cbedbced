import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderFormSchema } from "#common/calendar-schema";
import {
  alertDeliveries,
  alertNotifications,
  alertTriggers,
  calendarReminders,
  economicEvents,
  webhookEndpoints,
} from "../db/schema";
import { startLoopbackPushService } from "../push/testing/loopback-push-service";
import { createBrowserSubscription, decryptPushMessage } from "../push/testing/push-client";
import type { Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { createReminders } from "./reminders";
import type { CalendarFeature } from "./service";

// Calendar reminders through the alert channels: each reminder that fires is a trigger in the
// alert history, and push and webhook go through the delivery queue in the same transaction.

let s: Services;
let calendar: CalendarFeature;
let receiver: Awaited<ReturnType<typeof startLoopbackPushService>>;
const MIN = 60_000;

async function futureEvent(title: string, inMinutes: number) {
  const [row] = await s.db
    .insert(economicEvents)
    .values({
      sourceKey: `test:${title}:${crypto.randomUUID()}`,
      series: `test:${title}`,
      title,
      startsAt: new Date(Date.now() + inMinutes * MIN),
      country: "United Arab Emirates",
      category: "Central Bank",
      importance: "high",
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  // The webhook receiver is on loopback too.
  s = await createTestServices({ WEBHOOKS_ALLOW_PRIVATE: "true" });
  calendar = s.calendar as unknown as CalendarFeature;
  receiver = await startLoopbackPushService();
}, 90_000);
afterAll(async () => {
  await receiver?.close();
  await s?.close();
});

describe("calendar reminders through push and webhooks", () => {
  it("the Remind me form takes Push and Webhook checkboxes beside Email", () => {
    expect(reminderFormSchema.parse({ minutesBefore: "15", notifyPush: "on", notifyWebhook: "" })).toEqual({
      minutesBefore: 15,
      notifyEmail: false,
      notifyPush: true,
      notifyWebhook: false,
    });
  });

  it("a reminder that fires is a trigger (source calendar_reminder) and reaches the user's devices and default webhook", async () => {
    const user = await signUpVerified(s, "reminder-channels@example.test", "Reem");
    const browser = createBrowserSubscription(receiver.endpoint());
    await s.push.subscribe(user, { endpoint: browser.endpoint, keys: browser.keys }, null);
    await s.db
      .insert(webhookEndpoints)
      .values({ userId: user, url: `${receiver.origin}/hooks/reem`, isDefault: true });
    const event = await futureEvent("CBUAE Base Rate", 90);
    const saved = await calendar.reminders.set(user, {
      eventId: event.id,
      minutesBefore: 60,
      notifyEmail: false,
      notifyPush: true,
      notifyWebhook: true,
    });
    expect(saved).toMatchObject({ notifyPush: true, notifyWebhook: true });

    expect(await calendar.reminders.sendDue(new Date(Date.now() + 31 * MIN))).toBe(1);
    const [trigger] = await s.db.select().from(alertTriggers).where(eq(alertTriggers.userId, user));
    expect(trigger).toMatchObject({
      source: "calendar_reminder",
      alertId: null,
      title: "Reminder: CBUAE Base Rate",
      channels: { inApp: "delivered", email: "off", push: "queued", webhook: "queued" },
    });
    const [note] = await s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, user));
    expect(note!.triggerId).toBe(trigger!.id);
    const queued = await s.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, user));
    expect(queued.map((d) => d.channel).sort()).toEqual(["push", "webhook"]);
    expect(queued.every((d) => d.eventId === trigger!.id && d.triggerId === trigger!.id)).toBe(true);

    const before = receiver.received.length;
    await s.delivery.worker.drain();
    const got = receiver.received.slice(before);
    const pushed = got.find((r) => r.path === new URL(browser.endpoint).pathname)!;
    expect(JSON.parse(decryptPushMessage(pushed.body, browser))).toMatchObject({
      title: "Reminder: CBUAE Base Rate",
      url: `${s.config.publicUrl}/calendar/${event.id}`,
      tag: trigger!.id,
    });
    const hook = got.find((r) => r.path === "/hooks/reem")!;
    expect(JSON.parse(hook.body.toString())).toMatchObject({
      id: trigger!.id,
      type: "calendar.reminder",
      event: { id: event.id, title: "CBUAE Base Rate" },
      minutesBefore: 60,
    });
    const [after] = await s.db.select().from(alertTriggers).where(eq(alertTriggers.id, trigger!.id));
    expect(after!.channels).toMatchObject({ push: "delivered", webhook: "delivered" });
  });

  it("without push or webhook nothing is queued, and the trigger says so", async () => {
    const user = await signUpVerified(s, "reminder-plain@example.test", "Plain");
    const event = await futureEvent("Saudi CPI", 30);
    await calendar.reminders.set(user, { eventId: event.id, minutesBefore: 15, notifyEmail: false });
    expect(await calendar.reminders.sendDue(new Date(Date.now() + 16 * MIN))).toBe(1);
    const [trigger] = await s.db.select().from(alertTriggers).where(eq(alertTriggers.userId, user));
    expect(trigger!.channels).toMatchObject({ push: "off", webhook: "off" });
    expect(await s.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, user))).toEqual([]);
  });

  it("when the queue cannot take the deliveries, nothing is written and the reminder stays due", async () => {
    const user = await signUpVerified(s, "reminder-atomic@example.test", "Atomic");
    const event = await futureEvent("Kuwait GDP", 30);
    await calendar.reminders.set(user, {
      eventId: event.id,
      minutesBefore: 15,
      notifyEmail: true,
      notifyPush: true,
    });
    const failing = createReminders({
      db: s.db,
      log: s.log,
      outbox: s.outbox,
      bus: s.bus,
      siteUrl: s.config.publicUrl,
      delivery: {
        enqueue: async () => {
          throw new Error("queue unavailable");
        },
      },
    });
    const at = new Date(Date.now() + 16 * MIN);
    await expect(failing.sendDue(at)).rejects.toThrow("queue unavailable");
    expect(await s.db.select().from(alertTriggers).where(eq(alertTriggers.userId, user))).toEqual([]);
    expect(await s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, user))).toEqual(
      [],
    );
    const [row] = await s.db.select().from(calendarReminders).where(eq(calendarReminders.userId, user));
    expect(row!.sentAt).toBeNull();
    // The real queue then sends it.
    expect(await calendar.reminders.sendDue(at)).toBeGreaterThanOrEqual(1);
    expect(await s.db.select().from(alertTriggers).where(eq(alertTriggers.userId, user))).toHaveLength(1);
  });
});
