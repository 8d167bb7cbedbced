import type { Activity, ValidationIssue, ValidationOptions } from "./types";

/** Checks a sequence of activities; stub until the real rules land. */
export function validateSequence(
  _activities: Activity[],
  _options: ValidationOptions = {},
): ValidationIssue[] {
  return [];
}
