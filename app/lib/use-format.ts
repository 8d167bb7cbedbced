import { useRouteLoaderData } from "react-router";
import { type Digits, digitsFromCookie, type Format, getFormat, isDigits } from "./format";
import { langOf, useLang } from "./locale";

/**
 * The formatter for the page being rendered: its language (the URL) and the visitor's digits
 * setting (the `digits` cookie, returned by the root loader so server and browser agree).
 */
export function useFormat(): Format {
  const lang = useLang();
  return getFormat(lang, useDigits());
}

/** The digits setting from the root loader's data; Western digits before it has any. */
export function useDigits(): Digits {
  const root = useRouteLoaderData("root") as { digits?: unknown } | undefined;
  return isDigits(root?.digits) ? root.digits : "latn";
}

/** Server side: the formatter for a request (loaders that format text before it is rendered). */
export function formatFor(request: Request): Format {
  return getFormat(langOf(request), digitsFromCookie(request.headers.get("cookie")));
}
