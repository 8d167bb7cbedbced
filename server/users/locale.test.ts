import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
  await s.db.insert(user).values([
    { id: "u-locale-1", name: "Amal", email: "amal@locale.test" },
    { id: "u-locale-2", name: "Ben", email: "ben@locale.test" },
  ]);
});
afterAll(() => s.close());

describe("users.locale", () => {
  it("defaults to English and remembers Arabic for that user only", async () => {
    expect(await s.users.localeOf("u-locale-1")).toBe("en");
    await s.users.setLocale("u-locale-1", "ar");
    expect(await s.users.localeOf("u-locale-1")).toBe("ar");
    expect(await s.users.localeOf("u-locale-2")).toBe("en");
    await s.users.setLocale("u-locale-1", "en");
    expect(await s.users.localeOf("u-locale-1")).toBe("en");
  });

  it("rejects an unsupported language and changes nothing", async () => {
    await s.users.setLocale("u-locale-2", "ar");
    await expect(s.users.setLocale("u-locale-2", "fr")).rejects.toMatchObject({ code: "bad_request:locale" });
    expect(await s.users.localeOf("u-locale-2")).toBe("ar");
  });

  it("is English for an unknown user", async () => {
    expect(await s.users.localeOf("nobody")).toBe("en");
  });
});
