import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "~/components/link";
import { localePath, otherLang, saveLangCookie, useLang } from "~/lib/locale";
import { useRootData } from "~/lib/root-data";

/**
 * The header's language switch: a link to this very page (path, query and hash) in the other
 * language, named in that language ("العربية" / "English") with its `lang`, so a screen reader
 * speaks it right. Following it remembers the choice: the `lang` cookie first (set before the
 * navigation, so the root loader's remembered-choice redirect sees the new value and never
 * loops), and users.locale for a signed-in user, so their other browsers follow.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const target = otherLang(lang);
  const { pathname, search, hash } = useLocation();
  const signedIn = Boolean(useRootData()?.user);
  return (
    <Link
      to={localePath(target, pathname + search + hash)}
      toLang={target}
      lang={target}
      hrefLang={target}
      // A full page load: the browser holds only the current language's catalogs (entry.client.tsx
      // fetches the page's before hydrating), and the root data (lang, dir) is the new page's.
      reloadDocument
      className={className}
      onClick={() => {
        saveLangCookie(target);
        if (signedIn)
          void fetch("/api/locale", {
            method: "POST",
            body: new URLSearchParams({ lang: target }),
            keepalive: true,
          }).catch(() => {
            // The cookie already holds the choice on this browser; the next switch saves it again.
          });
      }}
    >
      <Languages className="size-4 shrink-0" aria-hidden />
      {/* Phones: the icon alone (the name stays for screen readers), or a signed-in header overflows. */}
      <span className="max-sm:sr-only">{t(`languageSwitch.${target}`)}</span>
    </Link>
  );
}
