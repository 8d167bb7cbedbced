import {
  type JSONSchema7,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  stepCountIs,
  streamText,
  tool,
} from "ai";
import { z } from "zod";
import type { ChatStreamEvent } from "#common/chat";
import type { Logger } from "../logger";
import { type ClassifiedError, classifyProviderError } from "./provider-errors";
import { subjectOf } from "./tool-subject";
import { CHAT_TOOLS } from "./tools";
import type { ToolContext, ToolOutcome } from "./tools/types";

const MAX_STEPS = 5;

export type Emit = (event: ChatStreamEvent) => void;

/**
 * Each tool's JSON schema, converted from Zod once: converting on every request cost more than
 * the rest of the endpoint together (bench:chat). Zod still validates the model's input.
 */
const schemas = new Map(
  CHAT_TOOLS.map((t) => [
    t.name,
    jsonSchema(z.toJSONSchema(t.inputSchema) as JSONSchema7, {
      validate: (value) => {
        const parsed = t.inputSchema.safeParse(value);
        return parsed.success
          ? { success: true, value: parsed.data }
          : { success: false, error: parsed.error };
      },
    }),
  ]),
);

function toolSet(ctx: ToolContext) {
  const entries = CHAT_TOOLS.filter((t) => ctx.userId || !t.signedInOnly).map((t) => [
    t.name,
    tool({
      description: t.description,
      inputSchema: schemas.get(t.name)!,
      execute: (input: unknown) => t.execute(input as never, ctx),
    }),
  ]);
  return Object.fromEntries(entries);
}

/**
 * Streams a language model reply with tools. Resolves with the reply text, or with the error the
 * user sees. A provider that sends nothing (no headers, no chunk) for `timeoutMs` is an error.
 */
export async function streamAiReply(opts: {
  model: LanguageModel;
  instructions: string;
  messages: ModelMessage[];
  ctx: ToolContext;
  timeoutMs: number;
  signal: AbortSignal;
  emit: Emit;
  log: Logger;
}): Promise<{ text: string; error: ClassifiedError | null; aborted: boolean }> {
  const controller = new AbortController();
  const onClientGone = () => controller.abort(new Error("client closed the chat stream"));
  opts.signal.addEventListener("abort", onClientGone, { once: true });
  let timedOut = false;
  let watchdog: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error("AI provider timed out"));
    }, opts.timeoutMs);
  };

  let text = "";
  let error: unknown = null;
  try {
    arm();
    const result = streamText({
      model: opts.model,
      instructions: opts.instructions,
      messages: opts.messages,
      tools: toolSet(opts.ctx),
      stopWhen: stepCountIs(MAX_STEPS),
      // Retries happen in the provider's fetch, where a quota error is told apart from a rate limit.
      maxRetries: 0,
      abortSignal: controller.signal,
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      arm();
      switch (part.type) {
        case "text-delta":
          if (!part.text) break;
          text += part.text;
          opts.emit({ type: "text", delta: part.text });
          break;
        case "tool-call":
          opts.emit({
            type: "tool",
            id: part.toolCallId,
            name: part.toolName,
            status: "running",
            subject: subjectOf(part.input),
          });
          break;
        case "tool-result": {
          const out = part.output as ToolOutcome | undefined;
          opts.emit({
            type: "tool",
            id: part.toolCallId,
            name: part.toolName,
            status: out?.ok === false ? "error" : "done",
            subject: out?.subject ?? subjectOf(part.input),
            count: out?.count,
          });
          break;
        }
        case "tool-error":
          opts.log.warn({ err: part.error, tool: part.toolName }, "chat tool failed");
          opts.emit({ type: "tool", id: part.toolCallId, name: part.toolName, status: "error" });
          break;
        case "error":
          error = part.error;
          break;
      }
    }
  } catch (err) {
    error = err;
  } finally {
    clearTimeout(watchdog);
    opts.signal.removeEventListener("abort", onClientGone);
  }

  if (opts.signal.aborted) return { text, error: null, aborted: true };
  if (timedOut) return { text, error: classifyProviderError(null, { timedOut: true }), aborted: false };
  if (error) {
    opts.log.warn({ err: error }, "AI provider error");
    return { text, error: classifyProviderError(error), aborted: false };
  }
  if (!text.trim()) return { text, error: { kind: "no_response", message: null }, aborted: false };
  return { text, error: null, aborted: false };
}
