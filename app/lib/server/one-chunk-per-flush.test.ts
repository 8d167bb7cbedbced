import { createElement as h, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { expect, it } from "vitest";
import { OneChunkPerFlush } from "./one-chunk-per-flush.server";

/** Renders `tree` through the stream; each chunk it emits, with what had arrived by then. */
function render(tree: React.ReactNode, onChunk: (text: string) => void = () => {}) {
  return new Promise<string[]>((resolve, reject) => {
    const out = new OneChunkPerFlush();
    const chunks: string[] = [];
    out.on("data", (d: Buffer) => {
      chunks.push(d.toString());
      onChunk(d.toString());
    });
    out.on("end", () => resolve(chunks));
    const { pipe } = renderToPipeableStream(tree, { onShellReady: () => pipe(out), onShellError: reject });
  });
}

const rows = (n: number) =>
  h("ul", null, ...Array.from({ length: n }, (_, i) => h("li", { key: i }, `row ${i} `.repeat(8))));

it("sends a page React writes in many 4 KB pieces as one chunk", async () => {
  const chunks = await render(rows(2_000));
  const html = chunks.join("");
  expect(html.length).toBeGreaterThan(100_000);
  expect(html).toContain("row 1999");
  expect(chunks).toHaveLength(1);
});

/** A part that waits for its promise, so the render suspends until the test releases it. */
function Late({ late }: { late: Promise<string> }) {
  return h("p", null, use(late));
}

it("still streams: the shell goes out before a suspended part is ready, the part when it is", async () => {
  let release!: (v: string) => void;
  const late = new Promise<string>((r) => {
    release = r;
  });
  const seen: string[] = [];
  const done = render(
    h("div", null, rows(500), h(Suspense, { fallback: h("p", null, "waiting") }, h(Late, { late }))),
    (text) => seen.push(text),
  );
  await expect.poll(() => seen.length).toBe(1);
  expect(seen[0]).toContain("waiting");
  expect(seen[0]).toContain("row 499");
  release("the late part");
  const chunks = await done;
  expect(chunks).toHaveLength(2);
  expect(chunks[1]).toContain("the late part");
});
