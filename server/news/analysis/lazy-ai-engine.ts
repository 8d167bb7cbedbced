import type { AiEngineOptions } from "./ai-engine";
import { type AnalysisEngine, aiEngineName } from "./types";

/**
 * The AI engine, with the AI SDK imported at the first analysis instead of at start: a process
 * that never analyses a story (a web process behind a load balancer; the leader polls) does not
 * hold the SDK's code in memory. Same name as the engine it loads.
 */
export function createLazyAiEngine(opts: AiEngineOptions): AnalysisEngine {
  let engine: Promise<AnalysisEngine> | null = null;
  return {
    name: aiEngineName(opts.model),
    async analyze(input, signal) {
      engine ??= import("./ai-engine").then((m) => m.createAiEngine(opts));
      return (await engine).analyze(input, signal);
    },
  };
}
