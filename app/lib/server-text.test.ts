import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "#common/admin/forms";
import { ALERT_MESSAGES, alertFormSchema } from "#common/alert-schema";
import { authFormSchema, resetPasswordSchema } from "#common/auth-schema";
import { calendarEventFormSchema, reminderFormSchema, timeZoneFormSchema } from "#common/calendar-schema";
import { PORTFOLIO_MESSAGES } from "#common/portfolio-schema";
import { createI18n } from "./i18n";
import { findServerText, serverText } from "./server-text";
import "~/locales/alerts";

const ar = createI18n("ar").getFixedT("ar", "alerts");
const en = createI18n("en").getFixedT("en", "alerts");
const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("server texts in the page's language", () => {
  it("every message of the shared alert, admin and auth schemas is in the catalog", () => {
    const messages = [
      ...Object.values(ALERT_MESSAGES),
      ...Object.values(ADMIN_MESSAGES),
      ...issues(authFormSchema.safeParse({ intent: "signup", fullName: "", email: "", password: "" })),
      ...issues(authFormSchema.safeParse({ intent: "signin", email: "not-an-email", password: "123" })),
      ...issues(resetPasswordSchema.safeParse({ token: "t", password: "123" })),
      ...issues(alertFormSchema.safeParse({ symbol: "", alertType: "above", targetValue: "" })),
    ];
    expect(messages.length).toBeGreaterThan(8);
    expect(messages.filter((message) => !findServerText(message))).toEqual([]);
  });

  it("every message of the calendar's forms and of its reminder and time-zone refusals is in the catalog", () => {
    const messages = [
      ...issues(
        calendarEventFormSchema.safeParse({ id: "x", title: "", startsAt: "", sourceUrl: "ftp://x" }),
      ),
      ...issues(calendarEventFormSchema.safeParse({ title: "t".repeat(201), forecast: "9".repeat(41) })),
      ...issues(reminderFormSchema.safeParse({ minutesBefore: "7" })),
      ...issues(timeZoneFormSchema.safeParse({ timeZone: "Mars/Olympus" })),
      // The AppErrors of server/calendar (reminders, time zone, editor).
      "Choose how many minutes before the event to be reminded.",
      "This event does not exist.",
      "This event was cancelled.",
      "This event has already happened.",
    ];
    expect(messages.length).toBeGreaterThan(12);
    expect(messages.filter((message) => !findServerText(message))).toEqual([]);
    expect(serverText(ar, "Choose confirmed or expected.")).toBe("اختر «مؤكد» أو «متوقع».");
    expect(serverText(ar, "At most 40 characters.")).toBe("40 حرفًا على الأكثر.");
  });

  it("translates a text with its values and leaves English exactly as the server sent it", () => {
    const sent = 'Unknown symbol "XYZ". Choose an instrument from the list, e.g. TASI, USD/AED or BRENT.';
    expect(serverText(ar, sent)).toBe(
      'رمز غير معروف "XYZ". اختر أداة مالية من القائمة، مثل TASI أو USD/AED أو BRENT.',
    );
    expect(serverText(en, sent)).toBe(sent);
    expect(serverText(ar, ALERT_MESSAGES.limit)).toContain("100");
    expect(serverText(ar, "Invalid email or password")).toBe("البريد الإلكتروني أو كلمة المرور غير صحيحة");
  });

  it("passes an unknown text through unchanged", () => {
    expect(serverText(ar, "Something new from the server")).toBe("Something new from the server");
    expect(serverText(ar, undefined)).toBeUndefined();
  });

  it("every portfolio refusal is in the catalog, in Arabic with its filled holes", () => {
    expect(Object.values(PORTFOLIO_MESSAGES).filter((message) => !findServerText(message))).toEqual([]);
    expect(serverText(ar, PORTFOLIO_MESSAGES.notFound)).toBe("المحفظة غير موجودة");
    expect(serverText(ar, "This sells more 2222 shares than the portfolio holds on 2024-01-04")).toBe(
      "هذا البيع يتجاوز عدد أسهم 2222 التي تملكها المحفظة في 2024-01-04",
    );
  });
});
