/**
 * Bodies that are not UTF-8 get 400 "The request body is not valid UTF-8 text." before any route,
 * and nothing is written: raw bytes in JSON, forms and multipart text fields, and percent-escapes
 * in forms that decode to something that is not UTF-8. Without the check the parsers turn those
 * bytes into U+FFFD and a valid submission is stored mangled with a 200. Files in a multipart body
 * are left alone; valid text in every encoding still goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../services";
import { fingerprintTables, signInCookie, signUpVerified } from "../testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";
import { bodyIsUtf8, INVALID_UTF8_MESSAGE } from "./utf8-bodies";

let s: Services;
let app: TestHttpApp;
let cookie = "";

beforeAll(async () => {
  s = await createTestServices({ WEBHOOKS_ALLOW_PRIVATE: "true" });
  app = await startTestHttpApp(s);
  await signUpVerified(s, "utf8@example.com", "Utf");
  cookie = await signInCookie(s, "utf8@example.com");
}, 90_000);
afterAll(async () => {
  await app?.close();
  await s?.close();
});

const BAD = new Uint8Array([0x44, 0x65, 0x73, 0x6b, 0x20, 0xff, 0xfe, 0xc3]); // "Desk " + not UTF-8
const bytes = (...parts: Array<string | Uint8Array>) => new Blob(parts as BlobPart[]);

function multipart(fields: Record<string, string | Uint8Array>, file?: Uint8Array) {
  const parts: Array<string | Uint8Array> = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(`--zz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`, value, "\r\n");
  }
  if (file) {
    parts.push(
      '--zz\r\nContent-Disposition: form-data; name="attachment"; filename="a.bin"\r\n',
      "Content-Type: application/octet-stream\r\n\r\n",
      file,
      "\r\n",
    );
  }
  parts.push("--zz--\r\n");
  return bytes(...parts);
}

const contact = { name: "Ann", email: "ann@example.com", subject: "general" };
const contactForm = (message: string) => new URLSearchParams({ ...contact, message }).toString();

async function post(path: string, type: string, body: BodyInit, withCookie = false) {
  const res = await fetch(app.url + path, {
    method: "POST",
    headers: { "content-type": type, accept: "application/json", ...(withCookie ? { cookie } : {}) },
    body,
  });
  return { status: res.status, text: await res.text() };
}

describe("bodies that are not UTF-8", () => {
  const cases: Array<[string, string, string, () => BodyInit, boolean?]> = [
    [
      "form, raw bytes",
      "/contact.data",
      "application/x-www-form-urlencoded",
      () => bytes(contactForm(""), BAD),
    ],
    [
      "form, percent-escapes",
      "/contact.data",
      "application/x-www-form-urlencoded",
      () => contactForm("x") + "%FF%FE",
    ],
    [
      "form, an escaped lone surrogate",
      "/contact.data",
      "application/x-www-form-urlencoded",
      () => `${contactForm("x")}%ED%A0%80`,
    ],
    [
      "multipart text field",
      "/contact.data",
      "multipart/form-data; boundary=zz",
      () => multipart({ ...contact, message: BAD }),
    ],
    [
      "JSON",
      "/api/webhooks",
      "application/json",
      () => bytes('{"url":"https://93.184.215.14/hook","label":"', BAD, '"}'),
      true,
    ],
  ];
  it.each(cases)("%s: 400 with the message, nothing written", async (_name, path, type, body, signed) => {
    const before = await fingerprintTables(s);
    const res = await post(path, type, body(), signed);
    expect(res.status, res.text).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ error: INVALID_UTF8_MESSAGE });
    expect(await fingerprintTables(s)).toBe(before);
  });

  it("valid text in every encoding still goes through, Arabic and emoji included", async () => {
    const text = "مرحبا 👋 café";
    const form = await post("/contact.data", "application/x-www-form-urlencoded", contactForm(text));
    expect(form.status, form.text).toBe(200);
    const parts = await post(
      "/contact.data",
      "multipart/form-data; boundary=zz",
      multipart({ ...contact, message: text }, BAD),
    );
    expect(parts.status, parts.text).toBe(200);
    const json = await post(
      "/api/webhooks",
      "application/json",
      JSON.stringify({ url: "https://93.184.215.14/hook", label: text }),
      true,
    );
    expect(json.status, json.text).toBe(200);
    expect(json.text).toContain(text);
  });
});

describe("bodyIsUtf8", () => {
  const buf = (...parts: Array<string | number[]>) =>
    Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));
  it("judges forms by their decoded escapes, leaving stray % signs to the parser", () => {
    const form = "application/x-www-form-urlencoded";
    expect(bodyIsUtf8(buf("a=100%25&b=caf%C3%A9"), form)).toBe(true);
    expect(bodyIsUtf8(buf("a=100%&b=%zz"), form)).toBe(true);
    expect(bodyIsUtf8(buf("a=%C3"), form)).toBe(false);
    expect(bodyIsUtf8(buf("a=", [0xc3, 0x28]), form)).toBe(false);
  });
  it("checks multipart headers and text parts, not files; any other body as a whole", () => {
    const type = "multipart/form-data; boundary=zz";
    const file = buf(
      '--zz\r\nContent-Disposition: form-data; name="f"; filename="x"\r\n\r\n',
      [0xff],
      "\r\n--zz--",
    );
    expect(bodyIsUtf8(file, type)).toBe(true);
    const text = buf('--zz\r\nContent-Disposition: form-data; name="f"\r\n\r\n', [0xff], "\r\n--zz--");
    expect(bodyIsUtf8(text, type)).toBe(false);
    expect(bodyIsUtf8(buf([0xff]), "text/plain")).toBe(false);
    expect(bodyIsUtf8(buf([0xff]), "")).toBe(false);
    expect(bodyIsUtf8(buf('{"a":"ü"}'), "application/json")).toBe(true);
  });
});
