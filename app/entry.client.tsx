import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadLanguage } from "./lib/i18n";

// React Router's default browser entry, except that the page's language catalogs (only English
// is in the main bundle) are fetched first: hydrating before they arrive would render English
// over the server's Arabic (a hydration mismatch).
loadLanguage(document.documentElement.lang).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
