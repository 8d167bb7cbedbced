import type { AlertType } from "../contracts";

export interface TriggeredAlert {
  symbol: string;
  alertType: AlertType;
  targetValue: number;
  currentValue: number | null;
  price: number;
}

const fmt = (v: number, decimals: number) =>
  v.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

const pct = (v: number) => `${v.toLocaleString("en-US", { maximumFractionDigits: 6 })}%`;

/** The notification's title and message: symbol, condition, target and the price reached. */
export function notificationText(a: TriggeredAlert, decimals: number): { title: string; message: string } {
  const price = fmt(a.price, decimals);
  switch (a.alertType) {
    case "above":
      return {
        title: `${a.symbol} rose above ${fmt(a.targetValue, decimals)}`,
        message: `Your alert for ${a.symbol} when the price goes above ${fmt(a.targetValue, decimals)} was triggered: the price reached ${price}.`,
      };
    case "below":
      return {
        title: `${a.symbol} fell below ${fmt(a.targetValue, decimals)}`,
        message: `Your alert for ${a.symbol} when the price goes below ${fmt(a.targetValue, decimals)} was triggered: the price reached ${price}.`,
      };
    case "change_percent": {
      const base = a.currentValue ?? a.price;
      const moved = ((a.price - base) / base) * 100;
      const sign = moved >= 0 ? "+" : "−";
      return {
        title: `${a.symbol} moved ${sign}${Math.abs(moved).toFixed(2)}%`,
        message: `Your alert for ${a.symbol} when the price changes by ${pct(a.targetValue)} was triggered: the price reached ${price} (from ${fmt(base, decimals)}).`,
      };
    }
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The email sent when the user chose email notifications. */
export function alertEmail(opts: { title: string; message: string; siteName: string; alertsUrl: string }) {
  const subject = `Price alert: ${opts.title}`;
  const text = `${opts.message}\n\nManage your alerts: ${opts.alertsUrl}\n\n— ${opts.siteName}`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(opts.title)}</h1>
<p>${escapeHtml(opts.message)}</p>
<p><a href="${escapeHtml(opts.alertsUrl)}">Manage your price alerts</a></p>
<p style="color:#64748b;font-size:12px">${escapeHtml(opts.siteName)}. Market data may be delayed. Nothing here is financial advice.</p>
</body></html>`;
  return { subject, text, html };
}
