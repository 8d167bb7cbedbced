import { useTranslation } from "react-i18next";
import type { Suggestion } from "~/components/alerts/types";
import { ActivityForm } from "./activity-form";
import { ActivityList } from "./activity-list";
import { AllocationPanel } from "./allocation-chart";
import { DividendProposals } from "./dividend-proposals";
import { ExportLinks } from "./export-links";
import { HoldingsTable } from "./holdings-table";
import { ImportPanel } from "./import-panel";
import { PerformancePanel } from "./performance-panel";
import { PortfolioAlerts } from "./portfolio-alerts";
import { TotalsPanel } from "./totals-panel";
import type { OpenPortfolio } from "./types";
import { useLiveSnapshot } from "./use-live-snapshot";
import { ZakatBox } from "./zakat-box";
import "~/locales/portfolio";

/** One portfolio: its valuation first, then what changes it (activities, import) and its tools. */
export function PortfolioDashboard({
  open,
  suggestions,
}: {
  open: OpenPortfolio;
  suggestions: Suggestion[];
}) {
  const { t } = useTranslation("portfolio");
  const { portfolio, snapshot, activities } = open;
  useLiveSnapshot(snapshot.holdings.map((h) => h.symbol));
  return (
    <div className="flex flex-col gap-4" data-testid="portfolio" data-portfolio={portfolio.id}>
      <p className="text-xs text-slate-500">{t("live")}</p>
      <TotalsPanel snapshot={snapshot} />
      <DividendProposals portfolioId={portfolio.id} proposals={open.proposals} />
      <HoldingsTable snapshot={snapshot} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <PerformancePanel snapshot={snapshot} />
        </div>
        <ZakatBox snapshot={snapshot} />
      </div>
      <AllocationPanel snapshot={snapshot} />
      <ActivityForm
        key={portfolio.id}
        portfolioId={portfolio.id}
        baseCurrency={portfolio.baseCurrency}
        suggestions={suggestions}
      />
      <ActivityList
        portfolioId={portfolio.id}
        baseCurrency={portfolio.baseCurrency}
        activities={activities}
        suggestions={suggestions}
      />
      <ImportPanel portfolioId={portfolio.id} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ExportLinks portfolioId={portfolio.id} />
        <PortfolioAlerts portfolioId={portfolio.id} alerts={open.alerts} />
      </div>
    </div>
  );
}
