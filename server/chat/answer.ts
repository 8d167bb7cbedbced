import type { LanguageModel, ModelMessage } from "ai";
import type { ChatRequest, HistoryTurn } from "#common/chat";
import type { Config } from "#server/config";
import type { Logger } from "#server/logger";
import type { MarketService } from "#server/market/types";
import type { Emit } from "./ai-reply";
import { createMarketContext } from "./market-context";
import { offlineReply, type RunTool } from "./offline/engine";
import type { ClassifiedError } from "./provider-errors";
import { buildSystemPrompt } from "./system-prompt";
import { subjectOf } from "./tool-subject";
import type { ToolContext, ToolOutcome } from "./tools/types";

/** Producing the assistant's answer: the AI model when one is configured, else the offline assistant. */

export interface AnswerDeps {
  config: Config;
  log: Logger;
  market: MarketService;
  /** What the tools read and do, for every user. */
  tools: Omit<ToolContext, "userId">;
  /** Tests pass a model (or null for the offline assistant); otherwise it comes from config. */
  model?: LanguageModel | null;
}

export type Answer = { text: string; error: ClassifiedError | null; aborted: boolean };

/** The offline assistant's answer; its tool steps are shown when `emit` is given. */
function offlineAnswer(body: ChatRequest, ctx: ToolContext, log: Logger, emit: Emit | null) {
  let n = 0;
  const run: RunTool = async (tool, input) => {
    const id = `offline-${++n}`;
    emit?.({ type: "tool", id, name: tool.name, status: "running", subject: subjectOf(input) });
    const out: ToolOutcome = await tool.execute(tool.inputSchema.parse(input), ctx).catch((err: unknown) => {
      log.warn({ err, tool: tool.name }, "chat tool failed");
      return { ok: false, error: "That information is not available right now." };
    });
    emit?.({
      type: "tool",
      id,
      name: tool.name,
      status: out.ok ? "done" : "error",
      subject: out.subject,
      count: out.count,
    });
    return out as any;
  };
  return offlineReply(body.message, ctx, run, body.lang, { timeZone: body.timeZone });
}

/**
 * The AI SDK (and the tools' JSON schemas) load with the first AI reply, not at start: an idle
 * process, or one whose assistant is the offline one, never holds them (decision 024).
 */
function lazyAi(config: Config, model: LanguageModel | undefined) {
  let ai: Promise<{ model: LanguageModel; streamAiReply: typeof import("./ai-reply").streamAiReply }> | null =
    null;
  return () =>
    (ai ??= Promise.all([
      model ?? import("./provider").then((p) => p.createChatModel(config)!),
      import("./ai-reply"),
    ]).then(([model, reply]) => ({ model, streamAiReply: reply.streamAiReply })));
}

const messagesOf = (history: HistoryTurn[], body: ChatRequest): ModelMessage[] => [
  ...history.map((t) => ({ role: t.role, content: t.content }) as ModelMessage),
  { role: "user", content: body.message },
];

export function chatAnswerer(deps: AnswerDeps) {
  const { config, log } = deps;
  const aiConfigured =
    deps.model === undefined ? Boolean(config.AI_BASE_URL || config.AI_API_KEY) : deps.model !== null;
  const loadAi = lazyAi(config, deps.model ?? undefined);
  const marketContext = createMarketContext(deps.market);
  const toolContext = (userId: string | null): ToolContext => ({ ...deps.tools, userId });
  return {
    mode: aiConfigured ? ("ai" as const) : ("offline" as const),
    offlineAnswer: (body: ChatRequest, userId: string | null, emit: Emit | null) =>
      offlineAnswer(body, toolContext(userId), log, emit),
    async produce(
      body: ChatRequest,
      userId: string | null,
      history: HistoryTurn[],
      emit: Emit,
      signal: AbortSignal,
    ): Promise<Answer> {
      const ctx = toolContext(userId);
      if (!aiConfigured) {
        const text = await offlineAnswer(body, ctx, log, emit);
        if (signal.aborted) return { text, error: null, aborted: true };
        emit({ type: "text", delta: text });
        return { text, error: null, aborted: false };
      }
      const instructions = buildSystemPrompt({
        snapshot: marketContext.text(),
        signedIn: userId !== null,
        now: new Date(),
        pageLang: body.lang,
      });
      const { model, streamAiReply } = await loadAi();
      const messages = messagesOf(history, body);
      return streamAiReply({
        model,
        instructions,
        messages,
        ctx,
        timeoutMs: config.AI_TIMEOUT_MS,
        signal,
        emit,
        log,
      });
    },
  };
}

export type ChatAnswerer = ReturnType<typeof chatAnswerer>;
