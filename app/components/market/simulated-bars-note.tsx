import { useTranslation } from "react-i18next";
import type { Bar } from "#server/market/types";
import { useFormat } from "~/lib/use-format";
import type { LiveQuote } from "./market-feed";
import "~/locales/market";

/**
 * Candle colours of a bar the simulator made: the violet of the "Simulated" label instead of
 * green and red, with the direction still readable as on a monochrome chart (a rising bar hollow,
 * a falling bar filled).
 */
export function simulatedCandle(rising: boolean) {
  return rising
    ? { color: "rgba(196, 181, 253, 0.2)", borderColor: "#8b5cf6", wickColor: "#8b5cf6" }
    : { color: "#8b5cf6", borderColor: "#8b5cf6", wickColor: "#8b5cf6" };
}

/**
 * Says which bars of a chart are simulated when a real price stands beside them: "Simulated bars
 * before <date>" when real bars follow, or that all of them are. A chart of a simulated
 * instrument needs no note (its price says "Simulated").
 */
export function SimulatedBarsNote({ bars, quote }: { bars: Bar[]; quote: LiveQuote | undefined }) {
  const { t } = useTranslation("market");
  const f = useFormat();
  const simulated = bars.filter((b) => b.simulated);
  if (simulated.length === 0 || !quote || quote.freshness === "simulated") return null;
  const firstReal = bars.find((b) => !b.simulated && b.time > simulated[0]!.time);
  return (
    <p data-field="simulated-bars" className="mt-2 text-xs font-medium text-violet-800">
      {firstReal
        ? t("instrument.simulatedBefore", { date: f.date(firstReal.time * 1000) })
        : t("instrument.simulatedAll")}
    </p>
  );
}
