import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("applies defaults", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.MARKET_TICK_MS).toBe(15_000);
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.ADMIN_EMAILS).toEqual([]);
  });

  it("names the variable of a bad value", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ SMTP_URL: "http://nope" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MARKET_PROVIDER: "http" })).toThrow(/MARKET_HTTP_URL/);
  });

  it("keeps tests offline: the calendar defaults to its shipped schedule under NODE_ENV=test", () => {
    expect(loadConfig({}).CALENDAR_SOURCE).toBe("forexfactory");
    expect(loadConfig({ NODE_ENV: "test" }).CALENDAR_SOURCE).toBe("schedule");
    expect(loadConfig({ NODE_ENV: "test" }).MARKET_PROVIDER).toBe("simulator");
    expect(loadConfig({ NODE_ENV: "test", CALENDAR_SOURCE: "forexfactory" }).CALENDAR_SOURCE).toBe(
      "forexfactory",
    );
  });

  it("VAPID keys come as a pair of base64url P-256 keys, and the subject as mailto: or https:", () => {
    const publicKey = `B${"A".repeat(86)}`;
    const privateKey = "A".repeat(43);
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).VAPID_PUBLIC_KEY).toBe(
      publicKey,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "http://example.com" })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ VAPID_SUBJECT: "mailto:ops@example.com" }).VAPID_SUBJECT).toBe(
      "mailto:ops@example.com",
    );
  });

  it("parses lists and booleans", () => {
    const c = loadConfig({ ADMIN_EMAILS: " A@x.com, b@y.com ", REQUIRE_EMAIL_VERIFICATION: "false" });
    expect(c.ADMIN_EMAILS).toEqual(["a@x.com", "b@y.com"]);
    expect(c.REQUIRE_EMAIL_VERIFICATION).toBe(false);
  });

  it("TRUST_PROXY takes a hop count or the proxies' addresses, and refuses true naming the variable", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.5,fd00::/8,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.5",
      "fd00::/8",
      "loopback",
    ]);
    for (const value of ["true", "TRUE", "yes"]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: true would trust every hop/);
    }
    for (const value of ["10.0.0.0/33", "proxy.example", "10.0.0.1/8/1", "999", "1.2.3"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: false, a hop count/);
    }
  });
});
