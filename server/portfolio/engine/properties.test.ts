import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeSnapshotChunked } from "./chunked";
import { addDays } from "./dates";
import { createLedger } from "./ledger";
import { computeSnapshot } from "./snapshot";
import { act, closesFrom, engineInput, facts } from "./testing";
import type { Activity, ActivityType, LiveQuote } from "./types";
import { validateSequence } from "./validate";

const TODAY = "2026-01-10";
const START = "2025-11-01";
const SYMBOLS = [
  { symbol: "S1", currency: "SAR", exchange: "TADAWUL" },
  { symbol: "A1", currency: "AED", exchange: "DFM" },
  { symbol: "K1", currency: "KWD", exchange: "BOURSA_KUWAIT" },
];

function dailyCloses(symbol: string, base: number): Array<[string, number]> {
  return Array.from({ length: 100 }, (_, i) => [
    addDays("2025-10-05", i),
    base * (1 + 0.1 * Math.sin(i + symbol.length)),
  ]);
}

function input(activities: Activity[], quotes: Map<string, LiveQuote> = new Map()) {
  return engineInput({
    today: TODAY,
    instruments: new Map(SYMBOLS.map((s) => facts(s.symbol, s.currency, s.exchange, "Sector"))),
    closes: closesFrom({ S1: dailyCloses("S1", 30), A1: dailyCloses("A1", 5), K1: dailyCloses("K1", 0.8) }),
    floating: {
      KWD: Array.from({ length: 120 }, (_, i) => ({
        date: addDays("2025-10-01", i),
        perUsd: 0.305 + 0.002 * Math.cos(i),
      })),
    },
    activities,
    quotes,
  });
}

const TYPES: ActivityType[] = [
  "buy",
  "buy",
  "buy",
  "sell",
  "sell",
  "dividend",
  "bonus",
  "split",
  "rights",
  "deposit",
  "withdrawal",
  "fee",
];

const activityArb = fc
  .record({
    type: fc.constantFrom(...TYPES),
    day: fc.integer({ min: 0, max: 70 }),
    which: fc.integer({ min: 0, max: 2 }),
    quantity: fc.integer({ min: 1, max: 500 }),
    price: fc.double({ min: 0.1, max: 100, noNaN: true }),
    amount: fc.double({ min: 1, max: 5000, noNaN: true }),
    commission: fc.double({ min: 0, max: 20, noNaN: true }),
  })
  .map((r) => {
    const s = SYMBOLS[r.which];
    const cashOnly = r.type === "deposit" || r.type === "withdrawal" || r.type === "fee";
    return {
      type: r.type,
      date: addDays(START, r.day),
      symbol: cashOnly ? null : s.symbol,
      currency: cashOnly ? "SAR" : s.currency,
      quantity: r.type === "split" || r.type === "dividend" ? 0 : r.quantity,
      unitPrice: ["buy", "sell", "rights"].includes(r.type) ? r.price : 0,
      amount: r.type === "dividend" || cashOnly ? r.amount : 0,
      commission: ["buy", "sell", "rights"].includes(r.type) ? r.commission : 0,
      vat: ["buy", "sell", "rights"].includes(r.type) ? r.commission * 0.15 : 0,
      withholding: r.type === "dividend" ? r.amount * 0.05 : 0,
      splitRatio: r.type === "split" ? 2 : null,
    };
  });

const activitiesArb = fc
  .array(activityArb, { minLength: 1, maxLength: 25 })
  .map((rows) =>
    rows.map((r, i) =>
      act({ ...r, id: `p${i}`, sequence: i + 1 } as Partial<Activity> & Pick<Activity, "type" | "date">),
    ),
  );

const quotesArb = fc.array(
  fc.record({ which: fc.integer({ min: 0, max: 2 }), price: fc.double({ min: 0.1, max: 100, noNaN: true }) }),
  { maxLength: 4 },
);

const toQuote = (q: { which: number; price: number }): LiveQuote => ({
  symbol: SYMBOLS[q.which].symbol,
  price: q.price,
  previousClose: q.price * 0.99,
  asOf: `${TODAY}T10:00:00Z`,
  simulated: q.which === 2,
  source: "prop",
});

describe("portfolio engine properties", () => {
  it("value = Σ holdings' market value + cash (every holding priced)", () => {
    fc.assert(
      fc.property(activitiesArb, (activities) => {
        const snap = computeSnapshot(input(activities));
        const sum = snap.holdings.reduce((s, h) => s + h.marketValue!, 0) + snap.cash;
        expect(Math.abs(snap.totals.value - sum)).toBeLessThanOrEqual(1e-7 * Math.max(1, Math.abs(sum)));
        expect(snap.totals.marketValue).toBeCloseTo(
          snap.holdings.reduce((s, h) => s + h.marketValue!, 0),
          6,
        );
        expect(snap.series.at(-1)?.value).toBe(snap.totals.value);
        for (const h of snap.holdings) expect(h.quantity).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });

  it("a sale of more shares than held at its date is refused", () => {
    fc.assert(
      fc.property(
        activitiesArb,
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 50 }),
        (acts, which, extra) => {
          // keep only the sequence the validator accepts, then sell more than the engine says is held
          const issues = new Set(validateSequence(acts, { today: TODAY }).map((i) => i.index));
          const valid = acts.filter((_, i) => !issues.has(i));
          const held = computeSnapshot(input(valid)).holdings.find((h) => h.symbol === SYMBOLS[which].symbol);
          const quantity = (held?.quantity ?? 0) + extra;
          const sale = act({
            type: "sell",
            date: TODAY,
            symbol: SYMBOLS[which].symbol,
            quantity,
            unitPrice: 1,
            sequence: 999,
            id: "over",
          });
          const found = validateSequence([...valid, sale], { today: TODAY });
          expect(found).toEqual([{ index: valid.length, code: "oversell", id: "over" }]);
          expect(validateSequence(valid, { today: TODAY })).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the snapshot does not depend on the order activities were entered (same dates and sequence)", () => {
    fc.assert(
      fc.property(activitiesArb, fc.integer(), (activities, seed) => {
        const shuffled = fc.sample(fc.shuffledSubarray(activities, { minLength: activities.length }), {
          seed,
          numRuns: 1,
        })[0];
        expect(computeSnapshot(input(shuffled))).toEqual(computeSnapshot(input(activities)));
      }),
      { numRuns: 60 },
    );
  });

  it("the incremental ledger equals a full recompute after any sequence of additions, removals and ticks", () => {
    fc.assert(
      fc.property(
        activitiesArb,
        fc.integer({ min: 0, max: 25 }),
        quotesArb,
        fc.boolean(),
        (acts, split, ticks, remove) => {
          const first = acts.slice(0, split);
          const ledger = createLedger(input(first));
          const quotes = new Map<string, LiveQuote>();
          acts.slice(split).forEach((a, i) => {
            ledger.addActivity(a);
            const q = ticks[i % Math.max(1, ticks.length)];
            if (q) {
              ledger.applyQuote(toQuote(q));
              quotes.set(SYMBOLS[q.which].symbol, toQuote(q));
            }
            ledger.snapshot();
          });
          let kept = acts;
          if (remove && acts.length > 1) {
            ledger.removeActivity(acts[0].id);
            kept = acts.slice(1);
          }
          expect(ledger.snapshot()).toEqual(computeSnapshot(input(kept, quotes)));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the three ways of reading closes (per day, by range, dense) give the same snapshot", () => {
    fc.assert(
      fc.property(activitiesArb, (activities) => {
        const full = input(activities);
        const { closeOn, closeDateOn, closesBetween } = full.closes;
        const perDay = { ...full, closes: { closeOn, closeDateOn } };
        const byRange = { ...full, closes: { closeOn, closeDateOn, closesBetween } };
        const expected = computeSnapshot(full);
        expect(computeSnapshot(perDay)).toEqual(expected);
        expect(computeSnapshot(byRange)).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });

  it("the chunked computation gives the same snapshot", async () => {
    await fc.assert(
      fc.asyncProperty(activitiesArb, fc.integer({ min: 1, max: 40 }), async (activities, yieldEvery) => {
        expect(await computeSnapshotChunked(input(activities), { yieldEvery })).toEqual(
          computeSnapshot(input(activities)),
        );
      }),
      { numRuns: 30 },
    );
  });
});
