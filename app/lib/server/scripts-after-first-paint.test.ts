import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint as rewrite } from "./scripts-after-first-paint.server";

const scriptsAfterFirstPaint = (html: string) => rewrite(Buffer.from(html)).toString("utf8");

// The shape React Router's <Scripts> renders (preloads hoisted into the head by React).
const shell = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/root.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" fetchPriority="low" nonce="n0nce"/>',
  "</head><body><main>Markets</main>",
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root.js";',
  'import("/assets/entry.client.js");</script>',
  "</body></html>",
].join("");

describe("scripts after the first paint", () => {
  const out = scriptsAfterFirstPaint(shell);

  it("takes the module preloads out of the head", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it("keeps React Router's module script, inert, with its nonce and code", () => {
    expect(out).not.toContain('<script nonce="n0nce" type="module"');
    expect(out).toContain(
      '<script nonce="n0nce" type="text/x-after-paint" id="rr-scripts-after-paint">import * as route0 from "/assets/root.js";import("/assets/entry.client.js");</script>',
    );
    expect(out).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
  });

  it("starts it after the next frame, each module preloaded once, in the page's order", () => {
    const starter = out.slice(out.indexOf("</script>", out.indexOf("x-after-paint")) + 9);
    expect(starter).toMatch(
      /^<script nonce="n0nce">\(function\(\)\{var h=\["\/assets\/entry\.client\.js","\/assets\/root\.js"\],/,
    );
    expect(starter).toContain("requestAnimationFrame(function(){setTimeout(go,0)})");
    expect(starter).toContain('document.visibilityState==="hidden"');
    expect(starter.endsWith("</script></body></html>")).toBe(true);
  });

  it("leaves markup without React Router's module script as it was", () => {
    const part = '<div hidden id="S:0"><p>later</p></div><script nonce="n0nce">$RC("B:0","S:0")</script>';
    expect(scriptsAfterFirstPaint(part)).toBe(part);
  });
});
