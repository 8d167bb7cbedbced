import type { SavedScreenView, ScreenCreateInput, ScreenUpdateInput } from "#common/screens-schema";

export type { SavedScreenView } from "#common/screens-schema";

/** A reader's saved screener screens and the entered/left notices on them. */
export interface Screens {
  list(userId: string): Promise<SavedScreenView[]>;
  /** Saves a screen with the companies in it now (no notice for them). */
  create(userId: string, input: ScreenCreateInput): Promise<SavedScreenView>;
  update(userId: string, id: string, patch: ScreenUpdateInput): Promise<SavedScreenView>;
  remove(userId: string, id: string): Promise<void>;
  /**
   * Re-evaluates the screens that alert against these symbols' rows now (what each tick does);
   * resolves to the number of notices recorded.
   */
  evaluate(symbols: Iterable<string>): Promise<number>;
  /** Resolves when the evaluations started so far are done (tests, shutdown). */
  idle(): Promise<void>;
}
