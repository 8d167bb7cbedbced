import http from "node:http";

/**
 * A Yahoo chart API on loopback whose prices a test sets: point `YAHOO_BASE_URL` at `url` with
 * `MARKET_PROVIDER=auto` and `MARKET_SOURCES_DISABLED=frankfurter,coingecko,gold-api` (so nothing
 * tries the internet), then `setPrice("ADCB.AE", 9.87)`. Tickers without a price answer Yahoo's
 * 404 for an unknown ticker; `fail(true)` makes every request a 502 HTML page.
 * `POST /__price?ticker=ADCB.AE&price=9.87` sets a price from another process (an e2e spec).
 */
export interface YahooStub {
  url: string;
  setPrice(ticker: string, price: number, previousClose?: number): void;
  fail(on: boolean): void;
  /** Daily bars the stub answers for `range=1y` (closes, one a day, ending yesterday). */
  setHistory(ticker: string, closes: Array<number | null>): void;
  requests(): string[];
  close(): Promise<void>;
}

const DAY = 86_400_000;
const UNKNOWN =
  '{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}';

export async function startYahooStub(port = 0): Promise<YahooStub> {
  const prices = new Map<string, { price: number; previousClose: number }>();
  const histories = new Map<string, Array<number | null>>();
  const seen: string[] = [];
  let failing = false;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://stub");
    seen.push(url.pathname + url.search);
    if (req.method === "POST" && url.pathname === "/__price") {
      const price = Number(url.searchParams.get("price"));
      const ticker = url.searchParams.get("ticker") ?? "";
      if (!ticker || !(price > 0)) return void res.writeHead(400).end("ticker and price > 0 required");
      prices.set(ticker, { price, previousClose: prices.get(ticker)?.previousClose ?? price });
      return void res.writeHead(204).end();
    }
    if (failing)
      return void res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    const ticker = m ? decodeURIComponent(m[1]!) : "";
    const quote = prices.get(ticker);
    if (!quote) return void res.writeHead(404, { "content-type": "application/json" }).end(UNKNOWN);
    const now = Date.now();
    const closes = url.searchParams.get("range") === "1y" ? (histories.get(ticker) ?? []) : [quote.price];
    const start = url.searchParams.get("range") === "1y" ? now - closes.length * DAY : now;
    const body = {
      chart: {
        result: [
          {
            meta: {
              // Boursa Kuwait tickers answer in fils, as Yahoo often does.
              currency: ticker.endsWith(".KW") ? "KWF" : "USD",
              symbol: ticker,
              regularMarketPrice: quote.price,
              chartPreviousClose: quote.previousClose,
              regularMarketTime: Math.floor(now / 1000),
            },
            timestamp: closes.map((_, i) => Math.floor((start + i * DAY) / 1000)),
            indicators: { quote: [{ open: closes, high: closes, low: closes, close: closes }] },
          },
        ],
        error: null,
      },
    };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    setPrice(ticker, price, previousClose) {
      prices.set(ticker, {
        price,
        previousClose: previousClose ?? prices.get(ticker)?.previousClose ?? price,
      });
    },
    fail(on) {
      failing = on;
    },
    setHistory(ticker, closes) {
      histories.set(ticker, closes);
    },
    requests: () => [...seen],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
