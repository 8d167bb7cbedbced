import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { Lang } from "#common/locale";
import { READER_ISLAND_ID, type ReaderIsland, readReaderIsland } from "#common/reader-island";
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

// A signed-in reader may be sent the shared copy of a page, rendered for nobody, with who they
// are in a JSON island (common/reader-island.ts, decision record 028). The island completes the
// root data the page was hydrated with — only that data: the next time the root loader runs
// (a navigation, a sign-out) the server says who the reader is.
let island: ReaderIsland | null | undefined;
let hydratedWith: RootData | undefined;
const completed = new WeakMap<RootData, RootData>();
const readIsland = () => {
  if (island === undefined) {
    island = readReaderIsland(document);
    // Read once: after a sign-out the page's first-paint rule (app.css) must not see it again.
    document.getElementById(READER_ISLAND_ID)?.remove();
  }
  return island;
};
const noIslandOnServer = () => null;
const never = () => () => {};

/** The root loader's data; undefined on an error page whose root loader failed. */
export function useRootData() {
  const data = useRouteLoaderData("root") as RootData | undefined;
  // Null while hydrating (the server rendered the page for nobody), the island right after.
  const reader = useSyncExternalStore(never, readIsland, noIslandOnServer);
  if (!data || !reader || data.user) return data;
  hydratedWith ??= data;
  if (data !== hydratedWith) return data;
  let withReader = completed.get(data);
  if (!withReader) {
    const { isAdmin, ...user } = reader;
    withReader = { ...data, user, isAdmin };
    completed.set(data, withReader);
  }
  return withReader;
}
