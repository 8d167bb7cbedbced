/** The portfolio page's shared looks (the site's colours; theme.css maps them for dark mode). */
export const panelClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm";
export const headingClass = "text-lg font-semibold text-slate-900";
export const toolClass =
  "inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40";
export const tabClass = (active: boolean) =>
  `inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${
    active ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
  }`;
/** Gains green, losses red, zero plain. */
export const signClass = (v: number | null | undefined) =>
  v == null || v === 0 ? "text-slate-700" : v > 0 ? "text-emerald-700" : "text-red-700";
