import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isAppError } from "#common/errors";
import { HONEYPOT_FIELD } from "#common/honeypot";
import { formSubmissions, mailOutbox } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { FORM_RATE_LIMIT } from "./service";

let s: Services;
beforeAll(async () => {
  s = await createTestServices({ MAIL_TEAM_ADDRESS: "desk@gulfpulse.test" });
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.db.delete(formSubmissions);
  await s.db.delete(mailOutbox);
});

const contact = {
  name: "Khalid",
  email: "khalid@example.com",
  subject: "partnership",
  message: "We would like to list our brokerage.",
};
const partnership = {
  companyName: "Gulf Brokers LLC",
  contactName: "Mariam",
  email: "mariam@gulfbrokers.example",
  phone: "+971 4 555 0100",
  country: "UAE",
  partnershipType: "IB Program",
  description: "Introducing broker programme for the GCC.",
};
const access = {
  fullName: "Yousef",
  email: "yousef@example.com",
  phone: "+965 5555 0100",
  country: "Kuwait",
  tradingExperience: "Advanced",
  preferredMarkets: "All Markets",
  investmentAmount: "$50,000 - $100,000",
  riskTolerance: "Moderate",
};

async function rejection(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (isAppError(err)) return { code: err.code, message: err.message, fields: err.fields };
    throw err;
  }
  throw new Error("expected a rejection");
}

describe("forms", () => {
  it("stores a contact message and forwards it to the team with Reply-To the sender", async () => {
    const { id } = await s.siteForms.submit(
      "contact",
      { ...contact, [HONEYPOT_FIELD]: "" },
      { ip: "10.1.1.1" },
    );
    const [row] = await s.db.select().from(formSubmissions);
    expect(row).toMatchObject({
      id,
      kind: "contact",
      email: "khalid@example.com",
      ip: "10.1.1.1",
      payload: contact,
    });
    const [mail] = await s.db.select().from(mailOutbox);
    expect(mail).toMatchObject({
      kind: "form-submission",
      toAddress: "desk@gulfpulse.test",
      subject: "Contact form: Khalid",
      idempotencyKey: `form:${id}`,
    });
    expect(mail!.headers).toEqual({ "Reply-To": "khalid@example.com" });
    expect(mail!.text).toContain("Message: We would like to list our brokerage.");
    expect(mail!.html).toContain("<th");
  });

  it("stores partnership and access requests; additionalInfo is optional", async () => {
    await s.siteForms.submit("partnership", partnership, { ip: "10.1.1.2" });
    await s.siteForms.submit("access", access, { ip: "10.1.1.2" });
    const rows = await s.db.select().from(formSubmissions);
    expect(rows.map((r) => r.kind).sort()).toEqual(["access", "partnership"]);
    expect(rows.find((r) => r.kind === "access")!.payload.additionalInfo).toBe("");
    expect((await s.db.select().from(mailOutbox)).map((m) => m.subject).sort()).toEqual([
      "Live market access request: Yousef",
      "Partnership application: Mariam",
    ]);
  });

  it("rejects missing fields first, then a bad email, writing nothing", async () => {
    const missing = await rejection(
      s.siteForms.submit("contact", { ...contact, message: "   ", email: "nope" }, { ip: "10.1.1.3" }),
    );
    expect(missing).toMatchObject({ code: "bad_request:validation", message: "validation" });
    expect(missing.fields).toMatchObject({ message: "required", email: "invalidEmail" });
    const email = await rejection(
      s.siteForms.submit("contact", { ...contact, email: "a@b" }, { ip: "10.1.1.3" }),
    );
    expect(email).toMatchObject({ message: "invalidEmail", fields: { email: "invalidEmail" } });
    const option = await rejection(
      s.siteForms.submit("partnership", { ...partnership, country: "Atlantis" }, { ip: "10.1.1.3" }),
    );
    expect(option.fields).toEqual({ country: "invalidOption" });
    const tooLong = await rejection(
      s.siteForms.submit("access", { ...access, additionalInfo: "x".repeat(2_001) }, { ip: "10.1.1.3" }),
    );
    expect(tooLong).toMatchObject({ message: "tooLong", fields: { additionalInfo: "tooLong" } });
    for (const field of Object.keys(partnership)) {
      const without = { ...partnership, [field]: "" };
      expect(
        (await rejection(s.siteForms.submit("partnership", without, { ip: "10.1.1.3" }))).fields,
      ).toHaveProperty(field);
    }
    expect(await s.db.select().from(formSubmissions)).toHaveLength(0);
    expect(await s.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("drops a submission whose honeypot is filled", async () => {
    const spam = await rejection(
      s.siteForms.submit(
        "contact",
        { ...contact, [HONEYPOT_FIELD]: "http://spam.example" },
        { ip: "10.1.1.4" },
      ),
    );
    expect(spam).toMatchObject({ code: "bad_request:spam", message: "failed" });
    expect(await s.db.select().from(formSubmissions)).toHaveLength(0);
    expect(await s.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("limits stored submissions per IP address and form", async () => {
    for (let i = 0; i < FORM_RATE_LIMIT.max; i++) {
      await s.siteForms.submit("contact", { ...contact, message: `Message ${i}` }, { ip: "10.1.1.5" });
    }
    const limited = await rejection(s.siteForms.submit("contact", contact, { ip: "10.1.1.5" }));
    expect(limited).toMatchObject({ code: "rate_limited:forms", message: "rateLimited" });
    // Another address, or another form from the same address, is not affected.
    await s.siteForms.submit("contact", contact, { ip: "10.1.1.6" });
    await s.siteForms.submit("partnership", partnership, { ip: "10.1.1.5" });
    expect(await s.db.select().from(formSubmissions)).toHaveLength(FORM_RATE_LIMIT.max + 2);
  });
});
