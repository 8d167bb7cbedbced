/** What a tool call is about (a symbol, a category, a topic, a country), shown beside its name. */
export const subjectOf = (input: unknown): string | undefined => {
  const i = input as Record<string, unknown> | null;
  const s = i?.symbol ?? i?.category ?? i?.topic ?? i?.country;
  return typeof s === "string" ? s : undefined;
};
