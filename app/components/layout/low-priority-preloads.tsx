import { useContext, useEffect, useState } from "react";
import { UNSAFE_FrameworkContext as FrameworkContext, useMatches } from "react-router";

/**
 * The page's JavaScript modules as `<link rel="modulepreload" fetchpriority="low">`, rendered
 * before React Router's own `<Scripts>` preloads of the same files.
 *
 * Every page is rendered in full on the server, so its first paint needs the document and the
 * stylesheet only; the ~20 modules only make it interactive. React Router preloads them at High
 * priority, level with what the paint waits for, and Lighthouse's simulation counts every
 * High-priority script that finished before the observed first paint as render-blocking (on a
 * busy machine that paint can come after the scripts, which doubled the simulated first paint of
 * the home page). Asked first at low priority, each module is fetched once at that priority (a
 * later modulepreload of the same URL finds it in the module map) and after the stylesheet.
 * Decision 012.
 */
export function LowPriorityPreloads({ nonce }: { nonce?: string }) {
  const framework = useContext(FrameworkContext);
  const matches = useMatches();
  // Like <Scripts>, only the server's HTML and the hydration render carry them.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated || !framework) return null;
  const { manifest } = framework;
  const hrefs = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.id];
    if (!route) continue;
    hrefs.add(route.module);
    for (const href of route.imports ?? []) hrefs.add(href);
  }
  return (
    <>
      {[...hrefs].map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" nonce={nonce} />
      ))}
    </>
  );
}
