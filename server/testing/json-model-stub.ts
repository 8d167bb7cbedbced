import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible model on loopback for the features that ask for one JSON answer (news
 * analysis, translation): each POST /v1/chat/completions gets what `answer` says — a reply whose
 * message content is the given text, a provider's error, or no answer at all — and every request is
 * kept with its authorization header. (The chat assistant's streaming stub is
 * server/chat/testing/openai-stub.ts.)
 */
export type ModelStubAnswer =
  | { content: string }
  | { status: number; error: { message: string; type: string; code?: string } }
  | "no-answer";

export interface ModelStubRequest {
  auth?: string;
  body: {
    model: string;
    messages: Array<{ role: string; content: unknown }>;
    response_format?: { type: string };
  };
}

export interface JsonModelStub {
  /** Base URL ending in /v1, as AI_BASE_URL takes it. */
  url: string;
  requests: ModelStubRequest[];
  close(): Promise<void>;
}

export async function startJsonModelStub(
  answer: (request: ModelStubRequest) => ModelStubAnswer,
): Promise<JsonModelStub> {
  const requests: ModelStubRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      if (req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
      const request = { auth: req.headers.authorization, body: JSON.parse(raw) };
      requests.push(request);
      const a = answer(request);
      if (a === "no-answer") return;
      res.setHeader("Content-Type", "application/json");
      if ("status" in a) return void res.writeHead(a.status).end(JSON.stringify({ error: a.error }));
      res.end(JSON.stringify(completion(a.content)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        // A request left without an answer must not keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const completion = (content: string) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: Math.floor(Date.now() / 1000),
  model: "stub-model",
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});
