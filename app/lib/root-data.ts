import { useRouteLoaderData } from "react-router";
import type { Lang } from "#common/locale";
import type { Digits } from "./format";
import type { Theme } from "./theme";

/**
 * What the root loader (app/root.tsx) gives every page: the signed-in user, the page's language
 * and the visitor's display choices. Declared here rather than inferred from the loader, so the
 * header, footer and widgets that read it do not import the root module that renders them.
 */
export interface RootData {
  user: { id: string; email: string; name: string } | null;
  isAdmin: boolean;
  lang: Lang;
  /** The CSP nonce of this response's inline scripts. */
  nonce: string;
  /** The visitor's theme choice, rendered on <html> so the first paint has the right colours. */
  theme: Theme | null;
  /** Western or Arabic-Indic digits (app/lib/format.ts), read by useFormat() on both sides. */
  digits: Digits;
  /** The public origin (PUBLIC_URL) for canonical and Open Graph URLs; not a secret. */
  site: { name: string; tagline: string; url: string };
}

/** The root loader's data; undefined on an error page whose root loader failed. */
export function useRootData() {
  return useRouteLoaderData("root") as RootData | undefined;
}
