import type { KeyStatistics } from "#common/key-statistics";

export type { Figure, KeyStatistics, KeyStatisticsFigures } from "#common/key-statistics";

/** A company's data beyond its quote: key statistics today. */
export interface Company {
  /**
   * The key statistics of an instrument (symbol, case-insensitive, or a name the market knows);
   * undefined for an unknown one.
   */
  keyStatistics(symbol: string): Promise<KeyStatistics | undefined>;
}
