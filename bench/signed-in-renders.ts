/**
 * Sequential signed-in page views: the server time of one render with nothing else running
 * (request sent to last byte read, on loopback), per page.
 */
import { pct } from "./support";

/** The pages whose signed-in render time the benchmarks report. */
export const SIGNED_IN_PAGES = ["/", "/news-analytics", "/price-alerts", "/search?q=oil", "/about"] as const;

/** One page view as the browser makes it (its cookie, gzip), timed to the last byte. */
export async function timeView(url: string, cookie: string) {
  const t0 = performance.now();
  const res = await fetch(url, {
    headers: { Cookie: cookie, "Accept-Encoding": "gzip" },
    redirect: "manual",
  });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return { ms, body };
}

/**
 * The median time of `n` sequential views of each page (after `warmup` views each), the pages
 * interleaved so drift on a shared machine hits them alike.
 */
export async function medianRenderTimes(
  origin: string,
  cookie: string,
  { n = 60, warmup = 15, pages = SIGNED_IN_PAGES as readonly string[] } = {},
) {
  const times = new Map<string, number[]>(pages.map((p) => [p, []]));
  for (let i = 0; i < warmup + n; i++) {
    for (const page of pages) {
      const { ms } = await timeView(origin + page, cookie);
      if (i >= warmup) times.get(page)!.push(ms);
    }
  }
  return pages.map((page) => {
    const sorted = times.get(page)!.sort((a, b) => a - b);
    return { page, p50: pct(sorted, 50), p90: pct(sorted, 90) };
  });
}
