import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible chat completions server on loopback for tests and the benchmark. It
 * streams real SSE chunks, makes tool calls and fails in each way a provider fails. What it does
 * is chosen by a marker in the last user message, so a browser test picks a mode by typing it:
 *
 *   [[rate-limit]] 429 rate_limit_exceeded     [[quota]]   429 insufficient_quota
 *   [[auth]]       401 invalid_api_key         [[server-error]] 500
 *   [[timeout]]    never answers               [[malformed]]    200 with a body that is not SSE
 *   [[empty]]      a stream with no content    [[slow]]   first token after 1.5 s, then 400 ms apart
 *   [[tool:NAME {json}]]  calls tool NAME with the JSON input, then answers from its result
 *   [[echo]] TEXT  streams TEXT back verbatim (e.g. to check how a reply's Markdown/HTML renders)
 *   Mid-reply faults, after the first half of the reply has streamed:
 *   [[garbage]]    a chunk that is not JSON, then the rest   [[cut]]  the connection drops
 *   [[stall]]      nothing more, the connection left open
 *
 * Anything else is answered with a short Markdown reply, streamed in small chunks.
 */
export interface StubRequest {
  model: string;
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string } }>;
  stream?: boolean;
  authorization?: string;
}

export interface OpenAiStub {
  url: string; // base URL ending in /v1
  requests: StubRequest[];
  /** Requests whose last user message contained the marker. */
  count(marker: string): number;
  close(): Promise<void>;
}

export const STUB_REPLY =
  "Here is what I see in the **Gulf markets** today:\n\n- TASI is steady\n- Brent is firm\n\n" +
  "_Trading involves risk; this is not financial advice._";

const chunkDelayMs = (marker: string | null) => (marker === "slow" ? 400 : 5);

function lastUserText(messages: StubRequest["messages"]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== "user") continue;
    if (typeof m.content === "string") return m.content;
    if (Array.isArray(m.content)) return m.content.map((p: any) => p.text ?? "").join("");
  }
  return "";
}

function markerOf(text: string): string | null {
  return text.match(/\[\[([a-z-]+)/)?.[1] ?? null;
}

const errorBody = (message: string, type: string, code: string | null) =>
  JSON.stringify({ error: { message, type, param: null, code } });

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({
    id: "chatcmpl-stub",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "stub-model",
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Splits text into small pieces the way a model streams tokens. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

async function streamText(res: http.ServerResponse, text: string, delayMs: number, firstDelayMs = 0) {
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  res.write(chunk({ role: "assistant", content: "" }));
  if (firstDelayMs) await sleep(firstDelayMs);
  for (const piece of pieces(text)) {
    if (res.destroyed) return;
    res.write(chunk({ content: piece }));
    if (delayMs) await sleep(delayMs);
  }
  res.write(chunk({}, "stop"));
  res.end("data: [DONE]\n\n");
}

export async function startOpenAiStub(opts: { port?: number } = {}): Promise<OpenAiStub> {
  const requests: StubRequest[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(errorBody("Not found", "invalid_request_error", null));
      return;
    }
    let raw = "";
    for await (const part of req) raw += part;
    const body = JSON.parse(raw) as StubRequest;
    body.authorization = req.headers.authorization;
    requests.push(body);
    const text = lastUserText(body.messages);
    const marker = markerOf(text);
    const json = (status: number, payload: string) => {
      res.writeHead(status, { "Content-Type": "application/json", "retry-after-ms": "10" });
      res.end(payload);
    };

    switch (marker) {
      case "rate-limit":
        return json(
          429,
          errorBody(
            "Rate limit reached for stub-model on requests per min. Please try again in 20s.",
            "requests",
            "rate_limit_exceeded",
          ),
        );
      case "quota":
        return json(
          429,
          errorBody(
            "You exceeded your current quota, please check your plan and billing details.",
            "insufficient_quota",
            "insufficient_quota",
          ),
        );
      case "auth":
        return json(
          401,
          errorBody("Incorrect API key provided: sk-stub.", "invalid_request_error", "invalid_api_key"),
        );
      case "server-error":
        return json(
          500,
          errorBody("The server had an error while processing your request.", "server_error", null),
        );
      case "timeout":
        // Never answers; closed when the client gives up or the stub stops.
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      case "malformed":
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.end("data: {this is not json\n\ndata: [DONE]\n\n");
        return;
      case "empty":
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.write(chunk({ role: "assistant", content: "" }));
        res.write(chunk({}, "stop"));
        res.end("data: [DONE]\n\n");
        return;
      case "tool": {
        const toolResult = body.messages.findLast((m) => m.role === "tool");
        if (toolResult) {
          const content =
            typeof toolResult.content === "string" ? toolResult.content : JSON.stringify(toolResult.content);
          return streamText(res, `From the tool: ${content}`, 5);
        }
        const call = text.match(/\[\[tool:(\w+)\s*(\{.*?\})?\]\]/);
        const name = call?.[1] ?? "getQuote";
        const args = call?.[2] ?? "{}";
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.write(
          chunk({
            role: "assistant",
            tool_calls: [
              { index: 0, id: "call_stub_1", type: "function", function: { name, arguments: "" } },
            ],
          }),
        );
        res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args } }] }));
        res.write(chunk({}, "tool_calls"));
        res.end("data: [DONE]\n\n");
        return;
      }
      case "garbage":
      case "cut":
      case "stall": {
        const parts = pieces(STUB_REPLY);
        res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
        res.write(chunk({ role: "assistant", content: "" }));
        for (const piece of parts.slice(0, parts.length / 2)) res.write(chunk({ content: piece }));
        if (marker === "cut") {
          await sleep(20);
          res.socket?.destroy();
          return;
        }
        if (marker === "stall") {
          hanging.add(res);
          res.on("close", () => hanging.delete(res));
          return;
        }
        res.write('data: {"choices": [{"delta": <binary junk \u0000>}\n\n');
        for (const piece of parts.slice(parts.length / 2)) res.write(chunk({ content: piece }));
        res.write(chunk({}, "stop"));
        res.end("data: [DONE]\n\n");
        return;
      }
      case "echo":
        return streamText(res, text.slice(text.indexOf("[[echo]]") + 8).trim(), 5);
      default:
        return streamText(res, STUB_REPLY, chunkDelayMs(marker), marker === "slow" ? 1_500 : 0);
    }
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    count: (marker) => requests.filter((r) => lastUserText(r.messages).includes(`[[${marker}`)).length,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Run directly (`tsx server/chat/testing/openai-stub.ts [port]`) for manual testing or e2e.
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? process.env.STUB_PORT ?? 0);
  startOpenAiStub({ port }).then((stub) => console.log(`OpenAI stub listening at ${stub.url}`));
}
