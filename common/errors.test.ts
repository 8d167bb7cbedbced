import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "./errors";

describe("AppError", () => {
  it("maps its kind to an HTTP status", () => {
    const e = new AppError("rate_limited:chat", "Slow down");
    expect(e).toMatchObject({ kind: "rate_limited", status: 429, message: "Slow down" });
    expect(new AppError("not_found:alert", "x").status).toBe(404);
  });

  it("is recognised by shape when thrown by another copy of this module", () => {
    // What a service throws when the route bundle holds a different AppError class.
    const foreign = Object.assign(new Error("Email already subscribed to newsletter"), {
      code: "conflict:subscriber",
      kind: "conflict",
      status: 409,
    });
    expect(isAppError(foreign)).toBe(true);
    expect(isAppError(new Error("plain"))).toBe(false);
    expect(isAppError({ code: "conflict:x", status: 409, kind: "conflict" })).toBe(false);
  });
});
