/**
 * fast-check generators of the values an attacker or a broken client sends: Unicode edge cases,
 * very long strings, numbers that are not numbers, the wrong types, injection payloads.
 */
import fc from "fast-check";

/** Hand-picked payloads that have broken real parsers, databases and templates. */
const NASTY_STRINGS = [
  "\uD800", // lone high surrogate (not encodable as UTF-8)
  "a\uDFFFb", // lone low surrogate
  "\u202Eevil\u202C", // right-to-left override
  "\u200F\u200E", // RTL and LTR marks
  "\u200B\u200C\u200D\uFEFF", // zero-width characters and a BOM
  "\u0000", // NUL: PostgreSQL text cannot hold it
  "a\u0000b",
  "\u2028\u2029", // line and paragraph separators (break naive JS/JSON embedding)
  "\r\nSet-Cookie: injected=1", // header injection
  "' OR '1'='1",
  '\'; DROP TABLE "user"; --',
  "1); select pg_sleep(10); --",
  "\\'\\\"%_",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}${7*7}<%= 7*7 %>",
  "../../../../etc/passwd",
  "%00%E0%A4%A",
  "𝕏👨‍👩‍👧‍👦🏳️‍🌈",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "مرحبا بالعالم",
  "   ",
  "",
  "__proto__",
  "constructor",
  "NaN",
  "-Infinity",
  "1e309",
  "-1",
  "0x1F",
  "null",
  "[object Object]",
];

/** Long strings: past every field limit, and well past a form's body limit. */
export const longString = fc
  .tuple(fc.constantFrom("x", "é", "😀", "\u200B", "<b>"), fc.constantFrom(300, 5_001, 70_000))
  .map(([unit, n]) => unit.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 5 },
  // "binary" units include lone surrogates and control characters
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 1 },
  { arbitrary: longString, weight: 1 },
  {
    arbitrary: fc
      .array(fc.constantFrom(...NASTY_STRINGS), { minLength: 2, maxLength: 4 })
      .map((parts) => parts.join("")),
    weight: 2,
  },
);

/** Numbers a numeric field must survive (as JSON they become null when not finite). */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, -1, 2 ** 53 + 1, 1e308),
  fc.double(),
  fc.integer({ min: -(2 ** 31), max: 0 }),
);

/** A number as a form field carries it: "NaN", "-1", "1e309"... */
export const hostileNumberText: fc.Arbitrary<string> = fc.oneof(
  hostileNumber.map(String),
  fc.constantFrom("", " ", "1,5", "١٢٣", "0x10", "1e309", "--1", "Infinity"),
);

/** Any JSON value, biased to the wrong types (arrays, objects, numbers where strings go). */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("__proto__", "constructor", "a", "$where", "toString"), tie("value"), {
      maxKeys: 3,
    }),
  ),
})).value;

/** The site forms' loose email pattern (`x@y.z`): a value that fails it fails every email check here. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const invalidEmail = hostileString.filter((v) => !EMAIL_PATTERN.test(v.trim()));

/** Not a UUID, so never the id of a row. */
export const notAnId = hostileString.filter(
  (v) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v.trim()),
);

/** A fresh client address per request, so per-IP limits do not hide what validation does. */
export const randomIp = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
