import type { z } from "zod";
import type { AlertsService } from "#server/alerts/types";
import type { CalendarService } from "#server/calendar/types";
import type { Company } from "#server/company/types";
import type { MarketService } from "#server/market/types";
import type { NewsService } from "#server/news/types";

/** What a tool may use: the other features' contracts (each may be absent) and who is asking. */
/** Runs a tool and reports its activity to the chat (the service passes its own runner). */
export type RunTool = <T>(tool: ChatTool<any, T>, input: unknown) => Promise<ToolOutcome<T>>;

export interface ToolContext {
  market?: MarketService;
  news?: NewsService;
  calendar?: CalendarService;
  alerts?: AlertsService;
  /** Key statistics of a company (its 52-week range); absent where the chat is not given it. */
  company?: Company;
  /** Null for anonymous visitors; alert tools refuse them. */
  userId: string | null;
}

/** A tool result the model reads, plus what the chat's activity line shows. */
export interface ToolOutcome<T = unknown> {
  ok: boolean;
  data?: T;
  /** Why it failed, in words the model can pass on. */
  error?: string;
  subject?: string;
  count?: number;
}

/**
 * One tool, usable by the language model (wrapped by the AI SDK's `tool()`) and by the offline
 * assistant, so both answer from the same live data.
 */
export interface ChatTool<S extends z.ZodType = z.ZodType, T = unknown> {
  name: string;
  description: string;
  inputSchema: S;
  /** Offered to the model only when a user is signed in. */
  signedInOnly?: boolean;
  execute(input: z.infer<S>, ctx: ToolContext): Promise<ToolOutcome<T>>;
}

export const defineTool = <S extends z.ZodType, T>(tool: ChatTool<S, T>) => tool;

export const unavailable = (what: string): ToolOutcome<never> => ({
  ok: false,
  error: `${what} is not available right now.`,
});

export const round = (n: number, decimals: number) => Number(n.toFixed(decimals));
