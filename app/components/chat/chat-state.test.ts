import { describe, expect, it } from "vitest";
import type { ChatStreamEvent } from "#common/chat";
import { type ChatState, initialChatState, reduceStreamEvent } from "./chat-state";

function run(events: ChatStreamEvent[], from: ChatState = initialChatState): ChatState {
  let s = from;
  for (const e of events) s = { ...s, ...reduceStreamEvent(s, e) };
  return s;
}

const conv = (id: string, updatedAt: string) => ({ id, title: id, updatedAt });

describe("reduceStreamEvent", () => {
  it("builds one streaming reply from tool and text events, then finishes it", () => {
    const s = run([
      { type: "start", mode: "ai", conversation: null, created: false },
      { type: "tool", id: "t1", name: "getQuote", status: "running", subject: "tasi" },
      { type: "tool", id: "t1", name: "getQuote", status: "done", subject: "TASI" },
      { type: "text", delta: "TASI is " },
      { type: "text", delta: "up." },
    ]);
    expect(s.mode).toBe("ai");
    expect(s.status).toBe("streaming");
    expect(s.messages).toHaveLength(1);
    expect(s.messages[0]).toMatchObject({
      role: "assistant",
      content: "TASI is up.",
      streaming: true,
      tools: [{ id: "t1", status: "done", subject: "TASI" }],
    });
    const done = run([{ type: "done", saved: true, conversation: null }], s);
    expect(done.status).toBe("idle");
    expect(done.messages[0]!.streaming).toBe(false);
  });

  it("puts a new or updated conversation first in the drawer list", () => {
    const listed = {
      ...initialChatState,
      conversations: [conv("a", "2026-01-02T00:00:00Z"), conv("b", "2026-01-01T00:00:00Z")],
    };
    const s = run(
      [{ type: "start", mode: "ai", conversation: conv("c", "2026-01-03T00:00:00Z"), created: true }],
      listed,
    );
    expect(s.conversationId).toBe("c");
    expect(s.conversations!.map((c) => c.id)).toEqual(["c", "a", "b"]);
    const bumped = run([{ type: "done", saved: true, conversation: conv("b", "2026-01-04T00:00:00Z") }], s);
    expect(bumped.conversations!.map((c) => c.id)).toEqual(["b", "c", "a"]);
  });

  it("shows a created conversation even before the list was loaded", () => {
    const s = run([
      { type: "start", mode: "offline", conversation: conv("n", "2026-01-01T00:00:00Z"), created: true },
    ]);
    expect(s.conversations).toEqual([conv("n", "2026-01-01T00:00:00Z")]);
  });
});
