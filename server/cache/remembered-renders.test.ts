import type { EntryContext } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { forgetRenders, rememberedRender, rememberRender, renderKey } from "./remembered-renders";

/** The parts of React Router's context the key reads: one matched route and its data. */
function context(loaderData: unknown, { optIn = true, statusCode = 200, errors = null as unknown } = {}) {
  return {
    staticHandlerContext: {
      statusCode,
      errors,
      actionData: null,
      loaderData,
      matches: [{ route: { id: "r" } }],
    },
    routeModules: { r: { handle: optIn ? { rememberRenders: true } : undefined } },
  } as unknown as EntryContext;
}
const get = (path = "/price-alerts") => new Request(`http://site${path}`);

afterEach(forgetRenders);

describe("render keys", () => {
  it("are the same for the same URL and data whatever the nonce, and differ otherwise", () => {
    const key = renderKey(get(), context({ root: { nonce: "n1", user: "a" } }), "n1");
    expect(key).toBeTruthy();
    expect(renderKey(get(), context({ root: { nonce: "n2", user: "a" } }), "n2")).toBe(key);
    expect(renderKey(get(), context({ root: { nonce: "n1", user: "b" } }), "n1")).not.toBe(key);
    expect(
      renderKey(get("/price-alerts?tab=history"), context({ root: { nonce: "n1", user: "a" } }), "n1"),
    ).not.toBe(key);
  });

  it("are null for a page that did not opt in, an error, a POST, deferred data or no nonce", () => {
    expect(renderKey(get(), context({}, { optIn: false }), "n")).toBeNull();
    expect(renderKey(get(), context({}, { statusCode: 404 }), "n")).toBeNull();
    expect(renderKey(get(), context({}, { errors: { r: new Error("x") } }), "n")).toBeNull();
    expect(
      renderKey(new Request("http://site/price-alerts", { method: "POST" }), context({}), "n"),
    ).toBeNull();
    expect(renderKey(get(), context({ later: Promise.resolve(1) }), "n")).toBeNull();
    expect(renderKey(get(), context({}), "")).toBeNull();
  });
});

describe("remembered renders", () => {
  it("come back with the asking request's nonce in every place the first one stood", () => {
    rememberRender("k", Buffer.from('<script nonce="AAA">x</script><link nonce="AAA">'), "AAA", 0);
    expect(rememberedRender("k", "BBB", 1)?.toString()).toBe(
      '<script nonce="BBB">x</script><link nonce="BBB">',
    );
    expect(rememberedRender("other", "BBB", 1)).toBeNull();
  });

  it("are forgotten after 30 seconds, and the least recently used go first when space runs out", () => {
    rememberRender("old", Buffer.from("a"), "n", 0);
    expect(rememberedRender("old", "n", 30_000)).not.toBeNull();
    expect(rememberedRender("old", "n", 30_001)).toBeNull();

    const big = Buffer.alloc(2 * 1024 * 1024 - 1, "x"); // eight of these fill the 16 MB
    for (let i = 0; i < 8; i++) rememberRender(`p${i}`, big, "n", 0);
    expect(rememberedRender("p0", "n", 1)).not.toBeNull(); // p0 used: p1 is now the oldest
    rememberRender("p8", big, "n", 0);
    expect(rememberedRender("p1", "n", 1)).toBeNull();
    expect(rememberedRender("p0", "n", 1)).not.toBeNull();
    expect(rememberedRender("p8", "n", 1)).not.toBeNull();
  });
});
