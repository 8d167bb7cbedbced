/**
 * A chart's bars carry the volume the source gave (summed over a bucket), none where no source
 * gave one (the simulator, live ticks), on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createTestDatabase } from "../testing/test-db";
import { CATALOGUE } from "./catalogue";
import { chartHistory } from "./chart-history";
import { insertBars } from "./store";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const bar = (date: string, close: number, volume?: number) => ({
  symbol: "2222",
  interval: "1d" as const,
  ts: day(date),
  open: close - 1,
  high: close + 1,
  low: close - 2,
  close,
  real: volume !== undefined,
  ...(volume === undefined ? {} : { volume, source: "yahoo" }),
});

describe("chart history volume", () => {
  it("gives each daily bar its source's volume and none to a bar without one", async () => {
    await insertBars({
      db: database.db,
      bars: [bar("2026-11-17", 25, 1_200_000), bar("2026-11-18", 26), bar("2026-11-19", 27, 900_000)],
    });
    const entry = CATALOGUE.find((e) => e.symbol === "2222")!;
    const bars = await chartHistory(database.db, entry, "1M");
    expect(bars.map((b) => [b.close, b.volume])).toEqual([
      [25, 1_200_000],
      [26, undefined],
      [27, 900_000],
    ]);
    expect("volume" in bars[1]!).toBe(false);
    expect(bars[1]!.simulated).toBe(true);
  });
});
