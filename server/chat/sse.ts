import type { ChatStreamEvent } from "#common/chat";

const encoder = new TextEncoder();

export const encodeEvent = (event: ChatStreamEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

export const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform keeps the compression middleware from buffering the stream.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};
