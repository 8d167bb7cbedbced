import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatRequest, conversationTitle, HISTORY_TURNS } from "#common/chat";
import { isAppError } from "#common/errors";
import { user } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { TIMEOUT_MESSAGE } from "./provider-errors";
import { ChatLimitError, createChat } from "./service";
import { errorOf, readChatEvents, replyText } from "./testing/chat-client";
import { type OpenAiStub, STUB_REPLY, startOpenAiStub } from "./testing/openai-stub";
import { primeServices } from "./testing/services";

// The real AI SDK and OpenAI provider against an OpenAI-compatible server on loopback.
let stub: OpenAiStub;
let s: Services;
let ipCounter = 0;

beforeAll(async () => {
  stub = await startOpenAiStub();
  s = await createTestServices({
    AI_BASE_URL: stub.url,
    AI_API_KEY: "sk-test",
    AI_MODEL: "stub-model",
    AI_TIMEOUT_MS: "1000",
    AI_MAX_RETRIES: "1",
    CHAT_RATE_LIMIT_PER_IP: "1000",
    CHAT_RATE_LIMIT_PER_USER: "1000",
  });
  await primeServices(s);
});
afterAll(async () => {
  await s?.close();
  await stub?.close();
});

let users = 0;
async function makeUser() {
  const id = `chat-user-${++users}`;
  await s.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  return id;
}

async function send(
  input: Partial<ChatRequest> & { message: string },
  opts: { userId?: string | null; ip?: string; chat?: ReturnType<typeof createChat> } = {},
) {
  const chat = opts.chat ?? s.chat;
  // The zone is the server's addition (from the tz cookie), not part of the body's schema.
  const body = { ...chat.requestSchema.parse(input), timeZone: input.timeZone };
  const res = await chat.reply({
    body,
    userId: opts.userId ?? null,
    ip: opts.ip ?? `10.0.0.${++ipCounter % 250}`,
    signal: new AbortController().signal,
  });
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  return readChatEvents(res);
}

describe("streaming replies", () => {
  it("streams the model's reply in many text events between start and done", async () => {
    const events = await send({ message: "How are Gulf markets?" });
    expect(events[0]).toMatchObject({ type: "start", mode: "ai", conversation: null });
    expect(events.filter((e) => e.type === "text").length).toBeGreaterThan(5);
    expect(replyText(events)).toBe(STUB_REPLY);
    expect(events.at(-1)).toMatchObject({ type: "done", saved: true });
  });

  it("builds the system prompt on the server with the market snapshot and a risk reminder", async () => {
    await send({ message: "prompt check" });
    const req = stub.requests.at(-1)!;
    expect(req.model).toBe("stub-model");
    expect(req.authorization).toBe("Bearer sk-test");
    const system = req.messages[0]!;
    expect(system.role).toBe("system");
    expect(String(system.content)).toContain("Gulf market trading assistant");
    expect(String(system.content)).toMatch(/risk/i);
    const tasi = s.market.quote("TASI")!;
    expect(String(system.content)).toContain(`TASI (${tasi.name}) ${tasi.price.toFixed(2)}`);
    expect(req.messages.filter((m) => m.role === "system")).toHaveLength(1);
  });

  it("runs a tool the model calls, shows its activity and answers from its result", async () => {
    const events = await send({ message: '[[tool:getQuote {"symbol":"TASI"}]]' });
    const tools = events.filter((e) => e.type === "tool");
    expect(tools.map((t) => t.type === "tool" && t.status)).toEqual(["running", "done"]);
    expect(tools[1]).toMatchObject({ name: "getQuote", subject: "TASI" });
    const toolMessage = stub.requests.at(-1)!.messages.find((m) => m.role === "tool");
    const price = s.market.quote("TASI")!.price;
    expect(JSON.stringify(toolMessage)).toContain("TASI");
    expect(replyText(events)).toContain("From the tool:");
    expect(replyText(events)).toContain(String(Math.trunc(price)).slice(0, 3));
  });

  it("offers alert tools to signed-in users only", async () => {
    await send({ message: "anonymous tools" });
    const anonymous = stub.requests.at(-1)!.tools!.map((t) => t.function.name);
    expect(anonymous).toContain("getQuote");
    expect(anonymous).not.toContain("createAlert");
    const userId = await makeUser();
    await send({ message: "signed-in tools" }, { userId });
    const signedIn = stub.requests.at(-1)!.tools!.map((t) => t.function.name);
    expect(signedIn).toEqual(expect.arrayContaining(["listAlerts", "createAlert"]));
  });

  it("creates an alert for the signed-in user through the model's tool call", async () => {
    const userId = await makeUser();
    const events = await send(
      { message: '[[tool:createAlert {"symbol":"brent","alertType":"below","targetValue":40}]]' },
      { userId },
    );
    expect(events.find((e) => e.type === "tool" && e.status === "done")).toMatchObject({ subject: "BRENT" });
    const alerts = await s.alerts.list(userId);
    expect(alerts).toMatchObject([{ symbol: "BRENT", alertType: "below", targetValue: 40 }]);
  });
});

describe("provider failures (a banner and toast per kind)", () => {
  it("429 rate limit: rate_limit kind, retried", async () => {
    const before = stub.count("rate-limit");
    const events = await send({ message: "[[rate-limit]]" });
    expect(errorOf(events)).toEqual({ type: "error", kind: "rate_limit", message: null });
    expect(stub.count("rate-limit") - before).toBe(2);
    expect(events.some((e) => e.type === "done")).toBe(false);
  });

  it("429 insufficient_quota: quota kind, never retried", async () => {
    const before = stub.count("quota");
    const events = await send({ message: "[[quota]]" });
    expect(errorOf(events)).toEqual({ type: "error", kind: "quota", message: null });
    expect(stub.count("quota") - before).toBe(1);
  });

  it("401: auth kind", async () => {
    expect(errorOf(await send({ message: "[[auth]]" }))).toEqual({
      type: "error",
      kind: "auth",
      message: null,
    });
  });

  it("500: other kind with the provider's message", async () => {
    expect(errorOf(await send({ message: "[[server-error]]" }))).toEqual({
      type: "error",
      kind: "other",
      message: "The server had an error while processing your request.",
    });
  });

  it("a provider that does not answer within AI_TIMEOUT_MS is an error, not a hang", async () => {
    const started = Date.now();
    const events = await send({ message: "[[timeout]]" });
    expect(errorOf(events)).toEqual({ type: "error", kind: "other", message: TIMEOUT_MESSAGE });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a malformed body: other kind with the generic text", async () => {
    expect(errorOf(await send({ message: "[[malformed]]" }))).toEqual({
      type: "error",
      kind: "other",
      message: null,
    });
  });

  it("a reply with no content: no_response kind", async () => {
    expect(errorOf(await send({ message: "[[empty]]" }))).toEqual({
      type: "error",
      kind: "no_response",
      message: null,
    });
  });

  it("quota, key, 5xx and timeout failures keep their banner and are also answered by the offline assistant", async () => {
    for (const message of [
      "[[quota]] TASI price",
      "[[auth]] TASI price",
      "[[server-error]] TASI price",
      "[[timeout]] TASI price",
    ]) {
      const events = await send({ message });
      const error = events.findIndex((e) => e.type === "error");
      const offline = events.findIndex((e) => e.type === "offline");
      expect(error, message).toBeGreaterThan(0);
      expect(offline, message).toBe(error + 1);
      const answer = events[offline] as { type: "offline"; text: string };
      expect(answer.text, message).toMatch(/TASI/);
      expect(answer.text, message).toMatch(/\d/);
      expect(events.some((e) => e.type === "done")).toBe(false);
    }
    // The provider's own rate limit is a wait, not an outage: no stand-in answer.
    expect((await send({ message: "[[rate-limit]] TASI" })).some((e) => e.type === "offline")).toBe(false);
  });

  it("saves nothing when the reply fails", async () => {
    const userId = await makeUser();
    const events = await send({ message: "[[server-error]] first" }, { userId });
    const conversation = events[0]!.type === "start" ? events[0].conversation : null;
    expect(conversation).not.toBeNull();
    expect(await s.chat.conversationMessages(userId, conversation!.id)).toEqual([]);
  });
});

describe("provider failing mid-reply", () => {
  /** The user sees the start of the reply, then an error instead of "done"; nothing is saved. */
  async function failsMidReply(marker: string) {
    const userId = await makeUser();
    const started = Date.now();
    const events = await send({ message: `[[${marker}]] how is TASI?` }, { userId });
    const conversation = events[0]!.type === "start" ? events[0].conversation : null;
    expect(replyText(events).length).toBeGreaterThan(0);
    expect(STUB_REPLY.startsWith(replyText(events).trim())).toBe(true);
    expect(events.some((e) => e.type === "done")).toBe(false);
    expect(await s.chat.conversationMessages(userId, conversation!.id)).toEqual([]);
    return { error: errorOf(events), ms: Date.now() - started };
  }

  it("a garbage chunk in the middle of the stream ends the reply with an error", async () => {
    expect((await failsMidReply("garbage")).error).toMatchObject({ type: "error", kind: "other" });
  });

  it("a connection cut in the middle of the stream ends the reply with an error", async () => {
    expect((await failsMidReply("cut")).error).toMatchObject({ type: "error", kind: "other" });
  });

  it("a stream that stalls after its first tokens times out instead of hanging", async () => {
    const { error, ms } = await failsMidReply("stall");
    expect(error).toEqual({ type: "error", kind: "other", message: TIMEOUT_MESSAGE });
    expect(ms).toBeLessThan(5_000);
  });
});

describe("history", () => {
  it("creates a titled conversation on the first message and saves both messages after the reply", async () => {
    const userId = await makeUser();
    const message = "What moved the Saudi market today, and what should I watch for tomorrow morning?";
    const events = await send({ message }, { userId });
    const start = events[0]!;
    expect(start).toMatchObject({ type: "start", created: true });
    const conversation = start.type === "start" ? start.conversation! : null;
    expect(conversation!.title).toBe(`${message.slice(0, 50)}...`);
    expect(conversationTitle("short")).toBe("short");
    const saved = await s.chat.conversationMessages(userId, conversation!.id);
    expect(saved.map((m) => [m.role, m.content])).toEqual([
      ["user", message],
      ["assistant", STUB_REPLY],
    ]);
    const done = events.at(-1)!;
    expect(done.type === "done" && done.conversation!.updatedAt >= conversation!.updatedAt).toBe(true);
  });

  it("continues a conversation with its history from the database and refreshes updated_at", async () => {
    const userId = await makeUser();
    const first = await send({ message: "first question" }, { userId });
    const conversation = first[0]!.type === "start" ? first[0].conversation! : null;
    const other = await send({ message: "another conversation" }, { userId });
    const otherId = other[0]!.type === "start" ? other[0].conversation!.id : "";
    expect((await s.chat.listConversations(userId))[0]!.id).toBe(otherId);

    await send({ message: "second question", conversationId: conversation!.id, history: [] }, { userId });
    const sent = stub.requests.at(-1)!.messages.map((m) => [m.role, m.content]);
    expect(sent.slice(1)).toEqual([
      ["user", "first question"],
      ["assistant", STUB_REPLY],
      ["user", "second question"],
    ]);
    const list = await s.chat.listConversations(userId);
    expect(list.map((c) => c.id)).toEqual([conversation!.id, otherId]);
    expect(await s.chat.conversationMessages(userId, conversation!.id)).toHaveLength(4);
  });

  it("sends the model at most the last 20 turns of a long conversation, oldest first", async () => {
    const userId = await makeUser();
    const first = await send({ message: "turn 0" }, { userId });
    const id = first[0]!.type === "start" ? first[0].conversation!.id : "";
    for (let i = 1; i < 22; i++) await send({ message: `turn ${i}`, conversationId: id }, { userId });
    await send({ message: "latest", conversationId: id }, { userId });
    const sent = stub.requests.at(-1)!.messages.slice(1);
    expect(sent).toHaveLength(HISTORY_TURNS * 2 + 1);
    expect(sent[0]).toMatchObject({ role: "user", content: "turn 2" });
    expect(sent.at(-2)).toMatchObject({ role: "assistant", content: STUB_REPLY });
    expect(sent.at(-1)).toMatchObject({ role: "user", content: "latest" });
    expect(await s.chat.conversationMessages(userId, id)).toHaveLength(46);
  });

  it("uses an anonymous visitor's last 20 turns from the client and saves nothing", async () => {
    const history = Array.from({ length: HISTORY_TURNS }, (_, i) => ({
      role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
      content: `turn ${i}`,
    }));
    const events = await send({ message: "anonymous follow-up", history });
    expect(events[0]).toMatchObject({ type: "start", conversation: null });
    const sent = stub.requests.at(-1)!.messages;
    expect(sent).toHaveLength(1 + HISTORY_TURNS + 1);
    expect(sent[1]).toMatchObject({ role: "user", content: "turn 0" });
    expect(() => s.chat.requestSchema.parse({ message: "x", history: [...history, history[0]] })).toThrow();
    expect(() =>
      s.chat.requestSchema.parse({ message: "x", history: [{ role: "user", content: "a".repeat(4001) }] }),
    ).toThrow();
    expect(() =>
      s.chat.requestSchema.parse({ message: "x", history: [{ role: "system", content: "hi" }] }),
    ).toThrow();
  });
});

describe("abuse controls and scoping", () => {
  it("rejects blank and over-long messages", () => {
    const schema = s.chat.requestSchema;
    expect(schema.safeParse({ message: "   \n " }).success).toBe(false);
    expect(schema.safeParse({ message: "a".repeat(4000) }).success).toBe(true);
    expect(schema.safeParse({ message: "a".repeat(4001) }).success).toBe(false);
  });

  it("limits messages per IP and per user", async () => {
    const chat = createChat({
      ...s,
      config: { ...s.config, CHAT_RATE_LIMIT_PER_IP: 2, CHAT_RATE_LIMIT_PER_USER: 3 },
      model: null,
    });
    const rejected = async (p: Promise<unknown>) => {
      const err = await p.then(() => null).catch((e) => e);
      return isAppError(err) && err.status === 429;
    };
    await send({ message: "help" }, { chat, ip: "1.1.1.1" });
    await send({ message: "help" }, { chat, ip: "1.1.1.1" });
    expect(await rejected(send({ message: "help" }, { chat, ip: "1.1.1.1" }))).toBe(true);
    expect(await rejected(send({ message: "help" }, { chat, ip: "1.1.1.2" }))).toBe(false);

    // The refusal says it is the site's own limit and when to send again.
    const refused = await send({ message: "help" }, { chat, ip: "1.1.1.1" }).catch((e) => e);
    expect(refused).toBeInstanceOf(ChatLimitError);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.message).toBe(
      `Too many messages: this is GulfPulse's own chat limit, not the AI service's. Try again in ${refused.retryAfterSeconds} s.`,
    );

    const userId = await makeUser();
    for (const ip of ["2.0.0.1", "2.0.0.2", "2.0.0.3"]) await send({ message: "help" }, { chat, ip, userId });
    expect(await rejected(send({ message: "help" }, { chat, ip: "2.0.0.4", userId }))).toBe(true);
  });

  it("never shows, continues or deletes another user's conversation", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const events = await send({ message: "A's secret plan" }, { userId: a });
    const id = events[0]!.type === "start" ? events[0].conversation!.id : "";
    const notFound = async (p: Promise<unknown>) => {
      const err = await p.then(() => null).catch((e) => e);
      return isAppError(err) && err.status === 404;
    };
    expect(await s.chat.listConversations(b)).toEqual([]);
    expect(await notFound(s.chat.conversationMessages(b, id))).toBe(true);
    expect(await notFound(send({ message: "hijack", conversationId: id }, { userId: b }))).toBe(true);
    expect(await notFound(s.chat.deleteConversation(b, id))).toBe(true);
    expect(await s.chat.conversationMessages(a, id)).toHaveLength(2);
    await s.chat.deleteConversation(a, id);
    expect(await s.chat.listConversations(a)).toEqual([]);
  });
});

describe("offline assistant through the endpoint", () => {
  it("answers from the tools with activity, labelled offline, and saves like the model", async () => {
    const chat = createChat({ ...s, model: null });
    expect(chat.info().mode).toBe("offline");
    const userId = await makeUser();
    const events = await send({ message: "What is TASI at?" }, { chat, userId });
    expect(events[0]).toMatchObject({ type: "start", mode: "offline" });
    expect(events.filter((e) => e.type === "tool").map((e) => e.type === "tool" && e.status)).toEqual([
      "running",
      "done",
    ]);
    expect(replyText(events)).toContain("**TASI**");
    expect(events.at(-1)).toMatchObject({ type: "done", saved: true });
  });
  it("answers Arabic questions, and any question from an Arabic page, in Arabic with the live prices", async () => {
    const chat = createChat({ ...s, model: null });
    const gold = s.market.quote("GOLD")!;
    const arabic = replyText(await send({ message: "كم سعر الذهب؟" }, { chat }));
    expect(arabic).toContain(
      `**GOLD** (الذهب) عند **${gold.price.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}**`,
    );
    expect(arabic).toContain("ينطوي التداول على مخاطر");
    const fromArabicPage = replyText(await send({ message: "TASI", lang: "ar" }, { chat }));
    expect(fromArabicPage).toMatch(/^\*\*TASI\*\* \(مؤشر السوق السعودية \(تاسي\)\) عند/);
    expect(replyText(await send({ message: "TASI", lang: "en" }, { chat }))).toContain(
      "**TASI** (Tadawul All Share Index) is at",
    );
    expect(() => chat.requestSchema.parse({ message: "TASI", lang: "fr" })).toThrow();
  });
});

describe("the user's language with a language model", () => {
  it("tells the model to answer in the user's language, and in Arabic on the Arabic site", async () => {
    await send({ message: "ما هو سعر النفط؟", lang: "ar" });
    const arabicPage = String(stub.requests.at(-1)!.messages[0]!.content);
    expect(arabicPage).toContain("Answer in the language the user writes in");
    expect(arabicPage).toContain("The user is reading the Arabic site");
    expect(stub.requests.at(-1)!.messages.at(-1)).toMatchObject({
      role: "user",
      content: "ما هو سعر النفط؟",
    });
    await send({ message: "oil price?", lang: "en" });
    const englishPage = String(stub.requests.at(-1)!.messages[0]!.content);
    expect(englishPage).toContain("Answer in the language the user writes in");
    expect(englishPage).not.toContain("Arabic site");
  });
});

describe("the site's own offline chat (as the composition root wires it)", () => {
  let offline: Services;
  beforeAll(async () => {
    offline = await createTestServices();
    await primeServices(offline);
  });
  afterAll(async () => {
    await offline?.close();
  });
  it("reads companies' key statistics", async () => {
    const chat = offline.chat;
    expect(chat.info().mode).toBe("offline");
    const range = (await offline.company.keyStatistics("1120"))!.statistics.range52Week!.value;
    const yearly = replyText(await send({ message: "What is Al Rajhi's 52-week range?" }, { chat }));
    expect(yearly).not.toContain("No 52-week range is published");
    expect(yearly).toContain(
      `52-week range ${range.low.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
  });
});
