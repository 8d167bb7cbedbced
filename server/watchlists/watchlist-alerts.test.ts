import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#common/errors";
import type { Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { createWatchlists } from "./service";
import type { WatchlistAlertsPort, Watchlists } from "./types";

// The whole-list alert's bookkeeping (one alert per member, following the members, the cap, no
// half-written state) on a real database, against a recording alerts port that can be told to
// refuse, so every failure path is reachable.

type Row = Awaited<ReturnType<WatchlistAlertsPort["list"]>>[number] & { userId: string };

const MAX = 6;

function recordingAlerts() {
  const rows: Row[] = [];
  /** A symbol (and, when given, only an alert type) the alerts service refuses. */
  let failOn: { symbol: string; type?: string } | null = null;
  const port: WatchlistAlertsPort = {
    list: async (userId) => rows.filter((r) => r.userId === userId),
    async create(userId, input) {
      if (input.symbol === failOn?.symbol && (!failOn.type || failOn.type === input.alertType))
        throw new AppError("unavailable:alert_price", `No price for ${input.symbol}`);
      if (rows.filter((r) => r.userId === userId).length >= MAX) {
        throw new AppError("conflict:alert_limit", "limit");
      }
      const row: Row = {
        id: randomUUID(),
        userId,
        symbol: input.symbol,
        alertType: input.alertType,
        targetValue: input.targetValue,
        notifyEmail: input.notifyEmail ?? false,
        windowMinutes: input.windowMinutes ?? null,
        watchlistId: input.watchlistId,
      };
      rows.push(row);
      return row;
    },
    async remove(userId, alertId) {
      const at = rows.findIndex((r) => r.id === alertId && r.userId === userId);
      if (at < 0) throw new AppError("not_found:alert", "Price alert not found");
      rows.splice(at, 1);
    },
  };
  const fail = (symbol: string | null, type?: string) => {
    failOn = symbol ? { symbol, type } : null;
  };
  return { port, rows, failOn: fail };
}

let s: Services;
let n = 0;
const fresh = async () => signUpVerified(s, `wla${++n}@example.com`, `User ${n}`);

beforeAll(async () => {
  s = await createTestServices();
}, 90_000);
afterAll(async () => {
  await s?.close();
});

function setup() {
  const alerts = recordingAlerts();
  const market = { findInstrument: s.market.findInstrument, quote: () => ({ price: 10 }) } as never;
  const w: Watchlists = createWatchlists({
    db: s.db,
    log: s.log,
    market,
    alerts: alerts.port,
    maxAlertsPerUser: () => MAX,
  });
  return { w, alerts };
}

const bySymbol = (rows: Row[], watchlistId: string) =>
  rows
    .filter((r) => r.watchlistId === watchlistId)
    .map((r) => r.symbol)
    .sort();

describe("alert on the whole watchlist", () => {
  it("makes one alert per member, replaces it when set again, and follows added and removed members", async () => {
    const { w, alerts } = setup();
    const user = await fresh();
    const list = await w.create(user, "Gulf");
    for (const symbol of ["TASI", "BTC"]) await w.addItem(user, list.id, symbol);

    const rule = await w.setAlert(user, list.id, {
      kind: "move_window",
      percent: 3,
      windowMinutes: 60,
      notifyEmail: true,
    });
    expect(rule).toMatchObject({ kind: "move_window", percent: 3, windowMinutes: 60, count: 2 });
    expect(bySymbol(alerts.rows, list.id)).toEqual(["BTC", "TASI"]);
    expect(
      alerts.rows.every((r) => r.alertType === "move_window" && r.windowMinutes === 60 && r.notifyEmail),
    ).toBe(true);

    await w.setAlert(user, list.id, { kind: "change_percent", percent: 2, notifyEmail: false });
    expect(alerts.rows.map((r) => [r.symbol, r.alertType, r.targetValue]).sort()).toEqual([
      ["BTC", "change_percent", 2],
      ["TASI", "change_percent", 2],
    ]);

    await w.addItem(user, list.id, "GOLD");
    expect(bySymbol(alerts.rows, list.id)).toEqual(["BTC", "GOLD", "TASI"]);
    expect(alerts.rows.find((r) => r.symbol === "GOLD")).toMatchObject({
      alertType: "change_percent",
      targetValue: 2,
    });
    await w.removeItem(user, list.id, "TASI");
    expect(bySymbol(alerts.rows, list.id)).toEqual(["BTC", "GOLD"]);
    expect((await w.get(user, list.id)).alert).toMatchObject({
      kind: "change_percent",
      percent: 2,
      count: 2,
    });

    await w.clearAlert(user, list.id);
    expect(alerts.rows).toEqual([]);
    await w.addItem(user, list.id, "TASI");
    expect(alerts.rows).toEqual([]);
  });

  it("refuses a list alert past the user's alert cap, naming how many it needs, and writes nothing", async () => {
    const { w, alerts } = setup();
    const user = await fresh();
    const big = await w.create(user, "Big");
    for (const symbol of ["TASI", "BTC", "GOLD", "BRENT", "ETH"]) await w.addItem(user, big.id, symbol);
    const small = await w.create(user, "Small");
    for (const symbol of ["USD/AED", "USD/SAR"]) await w.addItem(user, small.id, symbol);
    await w.setAlert(user, small.id, { kind: "change_percent", percent: 1, notifyEmail: false });

    await expect(
      w.setAlert(user, big.id, { kind: "change_percent", percent: 1, notifyEmail: false }),
    ).rejects.toThrow("This watchlist needs 5 price alerts but you can create only 4 more (at most 6).");
    expect(alerts.rows).toHaveLength(2);
    // Setting the small list's alert again counts its own alerts as free.
    await w.setAlert(user, small.id, {
      kind: "move_window",
      percent: 1,
      windowMinutes: 5,
      notifyEmail: false,
    });
    expect(alerts.rows).toHaveLength(2);
  });

  it("a member whose list alert cannot be made is not added; a failed set keeps the alert the list had", async () => {
    const { w, alerts } = setup();
    const user = await fresh();
    const list = await w.create(user, "Pegs");
    await w.addItem(user, list.id, "USD/AED");
    await w.setAlert(user, list.id, { kind: "change_percent", percent: 1, notifyEmail: false });

    alerts.failOn("USD/SAR");
    await expect(w.addItem(user, list.id, "USD/SAR")).rejects.toThrow("No price for USD/SAR");
    expect((await w.get(user, list.id)).items.map((i) => i.symbol)).toEqual(["USD/AED"]);

    alerts.failOn(null);
    await w.addItem(user, list.id, "USD/SAR");
    alerts.failOn("USD/SAR", "move_window");
    await expect(
      w.setAlert(user, list.id, { kind: "move_window", percent: 4, windowMinutes: 1440, notifyEmail: false }),
    ).rejects.toThrow("No price for USD/SAR");
    // The list keeps the alert it had.
    expect(alerts.rows.map((r) => [r.symbol, r.alertType]).sort()).toEqual([
      ["USD/AED", "change_percent"],
      ["USD/SAR", "change_percent"],
    ]);
  });

  it("refuses an empty list and a bad percentage; deleting the list deletes its alerts", async () => {
    const { w, alerts } = setup();
    const user = await fresh();
    const list = await w.create(user, "Empty");
    await expect(
      w.setAlert(user, list.id, { kind: "change_percent", percent: 2, notifyEmail: false }),
    ).rejects.toThrow("Add instruments to the watchlist before setting an alert on it");
    await w.addItem(user, list.id, "BTC");
    await expect(
      w.setAlert(user, list.id, { kind: "change_percent", percent: 0, notifyEmail: false }),
    ).rejects.toThrow("Percentage must be greater than 0 and at most 100");
    await expect(
      w.setAlert(user, list.id, { kind: "move_window", percent: 2, notifyEmail: false }),
    ).rejects.toThrow("Choose 5 minutes, 1 hour or 1 day");
    await w.setAlert(user, list.id, { kind: "change_percent", percent: 2, notifyEmail: false });
    await w.remove(user, list.id);
    expect(alerts.rows).toEqual([]);
  });

  it("another user can neither set nor clear the alert of a list that is not theirs", async () => {
    const { w, alerts } = setup();
    const owner = await fresh();
    const other = await fresh();
    const list = await w.create(owner, "Mine");
    await w.addItem(owner, list.id, "BTC");
    await w.setAlert(owner, list.id, { kind: "change_percent", percent: 2, notifyEmail: false });
    await expect(
      w.setAlert(other, list.id, { kind: "change_percent", percent: 5, notifyEmail: false }),
    ).rejects.toThrow("Watchlist not found");
    await expect(w.clearAlert(other, list.id)).rejects.toThrow("Watchlist not found");
    expect(alerts.rows.map((r) => [r.userId, r.targetValue])).toEqual([[owner, 2]]);
  });
});
