import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "#common/admin/forms";
import { ALERT_MESSAGES, alertFormSchema } from "#common/alert-schema";
import { authFormSchema, resetPasswordSchema } from "#common/auth-schema";
import { createI18n } from "./i18n";
import { findServerText, serverText } from "./server-text";

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
});
