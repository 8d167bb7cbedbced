import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ITEMS_PER_WATCHLIST, MAX_WATCHLISTS_PER_USER } from "#common/watchlist-limits";
import type { Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";

let s: Services;
let owner = "";
let other = "";
let n = 0;
const fresh = async () => signUpVerified(s, `wl${++n}@example.com`, `User ${n}`);

beforeAll(async () => {
  s = await createTestServices();
  owner = await fresh();
  other = await fresh();
}, 90_000);
afterAll(async () => {
  await s?.close();
});

const symbols = (list: { items: Array<{ symbol: string }> }) => list.items.map((i) => i.symbol);

describe("watchlists", () => {
  it("creates, renames and deletes lists, in the owner's order", async () => {
    const user = await fresh();
    const a = await s.watchlists.create(user, "  Gulf   banks ");
    const b = await s.watchlists.create(user, "FX");
    expect(a.name).toBe("Gulf banks");
    await s.watchlists.rename(user, b.id, "Currencies");
    expect((await s.watchlists.list(user)).map((l) => l.name)).toEqual(["Gulf banks", "Currencies"]);
    await s.watchlists.reorder(user, [b.id, a.id]);
    expect((await s.watchlists.list(user)).map((l) => l.name)).toEqual(["Currencies", "Gulf banks"]);
    await s.watchlists.remove(user, a.id);
    expect((await s.watchlists.list(user)).map((l) => l.name)).toEqual(["Currencies"]);
  });

  it("refuses a bad name, a name taken in any letter case and a reorder that is not a permutation", async () => {
    const user = await fresh();
    const a = await s.watchlists.create(user, "Banks");
    await expect(s.watchlists.create(user, "   ")).rejects.toThrow("Enter a name for the watchlist");
    await expect(s.watchlists.create(user, "x".repeat(41))).rejects.toThrow("at most 40 characters");
    await expect(s.watchlists.create(user, "BANKS")).rejects.toThrow(
      "already have a watchlist with this name",
    );
    const b = await s.watchlists.create(user, "Oil");
    await expect(s.watchlists.rename(user, b.id, "banks")).rejects.toThrow("already have a watchlist");
    // Renaming a list to its own name in another case is allowed.
    await s.watchlists.rename(user, a.id, "BANKS");
    await expect(s.watchlists.reorder(user, [a.id])).rejects.toThrow("each of the watchlist's entries once");
    await expect(s.watchlists.reorder(user, [a.id, a.id])).rejects.toThrow("entries once");
    expect((await s.watchlists.list(user)).map((l) => l.name)).toEqual(["BANKS", "Oil"]);
  });

  it("adds instruments from the directory, canonical and in order, and refuses unknown ones", async () => {
    const user = await fresh();
    const list = await s.watchlists.create(user, "Mixed");
    expect(await s.watchlists.addItem(user, list.id, "tasi")).toBe("TASI");
    await s.watchlists.addItem(user, list.id, "usd/aed");
    await s.watchlists.addItem(user, list.id, "2222"); // a listed company (Saudi Aramco)
    await expect(s.watchlists.addItem(user, list.id, "NOPE42")).rejects.toThrow(
      'Unknown instrument "NOPE42"',
    );
    await expect(s.watchlists.addItem(user, list.id, "TASI")).rejects.toThrow(
      "TASI is already on this watchlist",
    );
    expect(symbols(await s.watchlists.get(user, list.id))).toEqual(["TASI", "USD/AED", "2222"]);
    await s.watchlists.reorderItems(user, list.id, ["2222", "TASI", "USD/AED"]);
    expect(symbols(await s.watchlists.get(user, list.id))).toEqual(["2222", "TASI", "USD/AED"]);
    await expect(s.watchlists.reorderItems(user, list.id, ["2222", "TASI"])).rejects.toThrow("entries once");
    await s.watchlists.removeItem(user, list.id, "TASI");
    await expect(s.watchlists.removeItem(user, list.id, "TASI")).rejects.toThrow(
      "TASI is not on this watchlist",
    );
    expect(symbols(await s.watchlists.get(user, list.id))).toEqual(["2222", "USD/AED"]);
  });

  it("keeps to the limits: 20 lists per user, 100 instruments per list", async () => {
    const user = await fresh();
    for (let i = 0; i < MAX_WATCHLISTS_PER_USER; i++) await s.watchlists.create(user, `List ${i}`);
    await expect(s.watchlists.create(user, "One more")).rejects.toThrow("at most 20 watchlists");
    expect(await s.watchlists.list(user)).toHaveLength(MAX_WATCHLISTS_PER_USER);

    const [first] = await s.watchlists.list(user);
    const universe = (await s.instruments.all()).map((l) => l.symbol);
    for (const symbol of universe.slice(0, MAX_ITEMS_PER_WATCHLIST))
      await s.watchlists.addItem(user, first!.id, symbol);
    await expect(s.watchlists.addItem(user, first!.id, "TASI")).rejects.toThrow("at most 100 instruments");
    expect((await s.watchlists.get(user, first!.id)).items).toHaveLength(MAX_ITEMS_PER_WATCHLIST);
  }, 60_000);

  it("never shows or changes another user's list: it is not found", async () => {
    const list = await s.watchlists.create(owner, "Private");
    await s.watchlists.addItem(owner, list.id, "BTC");
    const refused = "Watchlist not found";
    await expect(s.watchlists.get(other, list.id)).rejects.toThrow(refused);
    await expect(s.watchlists.rename(other, list.id, "Mine")).rejects.toThrow(refused);
    await expect(s.watchlists.addItem(other, list.id, "TASI")).rejects.toThrow(refused);
    await expect(s.watchlists.removeItem(other, list.id, "BTC")).rejects.toThrow(refused);
    await expect(s.watchlists.reorderItems(other, list.id, ["BTC"])).rejects.toThrow(refused);
    await expect(s.watchlists.remove(other, list.id)).rejects.toThrow(refused);
    await expect(s.watchlists.reorder(other, [list.id])).rejects.toThrow("entries once");
    await expect(s.watchlists.get(owner, "not-a-uuid")).rejects.toThrow(refused);
    expect(await s.watchlists.list(other)).toEqual([]);
    const kept = await s.watchlists.get(owner, list.id);
    expect([kept.name, symbols(kept)]).toEqual(["Private", ["BTC"]]);
  });

  it("merges a local list into the first list, made as 'My watchlist' when there is none", async () => {
    const user = await fresh();
    const first = await s.watchlists.mergeLocal(user, ["TASI", "btc", "TASI", "NOPE42"], "en");
    expect(first.added).toEqual(["TASI", "BTC"]);
    expect(first.skipped).toEqual(["NOPE42"]);
    const [list] = await s.watchlists.list(user);
    expect(list!.name).toBe("My watchlist");
    // Again, with one already there: the duplicate is skipped, the new one joins the same list.
    const second = await s.watchlists.mergeLocal(user, ["BTC", "GOLD"], "en");
    expect(second).toMatchObject({ watchlistId: list!.id, added: ["GOLD"], skipped: ["BTC"] });
    expect(symbols(await s.watchlists.get(user, list!.id))).toEqual(["TASI", "BTC", "GOLD"]);

    const arabic = await fresh();
    await s.watchlists.mergeLocal(arabic, ["TASI"], "ar");
    expect((await s.watchlists.list(arabic))[0]!.name).toBe("قائمة المراقبة");
  });

  it("merges into the list that comes first, within its limit", async () => {
    const user = await fresh();
    const later = await s.watchlists.create(user, "Later");
    const full = await s.watchlists.create(user, "First");
    await s.watchlists.reorder(user, [full.id, later.id]);
    const universe = (await s.instruments.all()).map((l) => l.symbol);
    for (const symbol of universe.slice(0, MAX_ITEMS_PER_WATCHLIST - 1))
      await s.watchlists.addItem(user, full.id, symbol);
    const result = await s.watchlists.mergeLocal(user, ["TASI", "BTC"], "en");
    expect(result).toMatchObject({ watchlistId: full.id, added: ["TASI"], skipped: ["BTC"] });
    expect((await s.watchlists.get(user, full.id)).items).toHaveLength(MAX_ITEMS_PER_WATCHLIST);
    expect((await s.watchlists.get(user, later.id)).items).toHaveLength(0);
  }, 60_000);
});

describe("nothing half-written", () => {
  it("a new list with an unknown first instrument is not created", async () => {
    const user = await fresh();
    await expect(s.watchlists.create(user, "Starter", "NOPE42")).rejects.toThrow(
      'Unknown instrument "NOPE42"',
    );
    expect(await s.watchlists.list(user)).toEqual([]);
    const made = await s.watchlists.create(user, "Starter", "brent");
    expect(symbols(made)).toEqual(["BRENT"]);
  });

  it("a local list with nothing known is refused and makes no list", async () => {
    const user = await fresh();
    await expect(s.watchlists.mergeLocal(user, ["NOPE42"], "en")).rejects.toThrow("None of the instruments");
    expect(await s.watchlists.list(user)).toEqual([]);
  });
});

describe("alert on the whole watchlist, through the alerts service", () => {
  it("makes one price alert per member marked with the list, follows the members, and goes with the list", async () => {
    const user = await fresh();
    const list = await s.watchlists.create(user, "Movers");
    for (const symbol of ["BTC", "GOLD"]) await s.watchlists.addItem(user, list.id, symbol);
    const armedBefore = s.alerts.index.size;
    await s.watchlists.setAlert(user, list.id, {
      kind: "move_window",
      percent: 3,
      windowMinutes: 60,
      notifyEmail: false,
    });
    const ofList = async () =>
      (await s.alerts.list(user))
        .filter((a) => a.watchlistId === list.id)
        .map((a) => [a.symbol, a.alertType, a.targetValue, a.windowMinutes])
        .sort();
    expect(await ofList()).toEqual([
      ["BTC", "move_window", 3, 60],
      ["GOLD", "move_window", 3, 60],
    ]);
    expect(s.alerts.index.size).toBe(armedBefore + 2);
    expect((await s.watchlists.get(user, list.id)).alert).toMatchObject({
      kind: "move_window",
      percent: 3,
      count: 2,
    });

    await s.watchlists.addItem(user, list.id, "ETH");
    await s.watchlists.removeItem(user, list.id, "GOLD");
    expect((await ofList()).map(([symbol]) => symbol)).toEqual(["BTC", "ETH"]);

    await s.watchlists.remove(user, list.id);
    expect(await s.alerts.list(user)).toEqual([]);
    expect(s.alerts.index.size).toBe(armedBefore);
  });
});
