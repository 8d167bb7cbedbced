import { type ChatStreamEvent, parseChatEvents } from "#common/chat";

/** Reads a whole chat event stream (tests, benchmark). */
export async function readChatEvents(res: Response): Promise<ChatStreamEvent[]> {
  const { events } = parseChatEvents(`${await res.text()}\n\n`);
  return events;
}

export const replyText = (events: ChatStreamEvent[]) =>
  events.map((e) => (e.type === "text" ? e.delta : "")).join("");

export const errorOf = (events: ChatStreamEvent[]) => events.find((e) => e.type === "error");
