import { useTranslation } from "react-i18next";
import { Panel } from "./ui";
import "~/locales/calendar";

/**
 * Calendar titles the Arabic glossary does not know: Arabic pages show them in English, so the
 * editor sees each with how many events carry it and can have it added.
 */
export function UntranslatedTitles({ titles }: { titles: Array<{ title: string; events: number }> }) {
  const { t } = useTranslation("calendar");
  return (
    <Panel title={t("admin.untranslated", { count: titles.length })}>
      <div data-testid="untranslated-titles" data-count={titles.length}>
        {titles.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin.untranslatedNone")}</p>
        ) : (
          <>
            <p className="text-sm text-slate-600">{t("admin.untranslatedHint")}</p>
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {titles.map((row) => (
                <li key={row.title} className="flex justify-between gap-3 py-1.5">
                  <span lang="en" dir="ltr">
                    {row.title}
                  </span>
                  <span className="shrink-0 text-slate-500">
                    {t("admin.untranslatedEvents", { count: row.events })}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Panel>
  );
}
