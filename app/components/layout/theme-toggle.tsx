import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { effectiveTheme, saveTheme } from "~/lib/theme";

/**
 * Header button switching between the light and dark theme. Which icon shows is decided by CSS
 * (theme.css), so the server-rendered button is right before hydration, even when the page
 * follows the system; the choice is read from the document only when clicked.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="rounded p-2 text-slate-100 hover:bg-white/10"
      aria-label={t("theme.toggle")}
      title={t("theme.toggle")}
      onClick={() => saveTheme(effectiveTheme() === "dark" ? "light" : "dark")}
    >
      <Moon className="theme-icon-light size-5" aria-hidden />
      <Sun className="theme-icon-dark size-5" aria-hidden />
    </button>
  );
}
