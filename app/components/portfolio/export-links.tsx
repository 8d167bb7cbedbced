import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { headingClass, panelClass, toolClass } from "./styles";
import "~/locales/portfolio";

/** Downloads of the portfolio's activities: CSV, JSON and Ghostfolio's import format. */
export function ExportLinks({ portfolioId }: { portfolioId: string }) {
  const { t } = useTranslation("portfolio");
  return (
    <section className={panelClass} aria-labelledby="export-heading">
      <h2 id="export-heading" className={headingClass}>
        {t("export.heading")}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {(["csv", "json", "ghostfolio"] as const).map((format) => (
          // A plain download (not a page): the router must not handle it.
          <a
            key={format}
            href={`/api/portfolios/${portfolioId}/export?format=${format}`}
            className={toolClass}
            download
            data-export={format}
          >
            <Download aria-hidden className="size-4" />
            {t(`export.${format}`)}
          </a>
        ))}
      </div>
    </section>
  );
}
