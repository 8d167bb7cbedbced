/** A dated cash flow for XIRR: negative = money paid in by the investor, positive = money out / value. */
export interface DatedFlow {
  amount: number;
  /** Day number (days since 1970-01-01). */
  day: number;
}

const YEAR_DAYS = 365;

function npv(flows: DatedFlow[], rate: number): number {
  const d0 = flows[0].day;
  let sum = 0;
  for (const f of flows) sum += f.amount / (1 + rate) ** ((f.day - d0) / YEAR_DAYS);
  return sum;
}

function npvDerivative(flows: DatedFlow[], rate: number): number {
  const d0 = flows[0].day;
  let sum = 0;
  for (const f of flows) {
    const t = (f.day - d0) / YEAR_DAYS;
    sum -= (t * f.amount) / (1 + rate) ** (t + 1);
  }
  return sum;
}

function newton(flows: DatedFlow[], guess: number): number | null {
  let r = guess;
  for (let k = 0; k < 60; k++) {
    const f = npv(flows, r);
    const d = npvDerivative(flows, r);
    if (!Number.isFinite(f) || !Number.isFinite(d) || d === 0) return null;
    const next = r - f / d;
    if (!Number.isFinite(next) || next <= -1) return null;
    if (Math.abs(next - r) < 1e-12 * Math.max(1, Math.abs(r))) return next;
    r = next;
  }
  return Math.abs(npv(flows, r)) < 1e-7 ? r : null;
}

/** Bisection over a bracket where the NPV changes sign; grows the upper end for very high rates. */
function bisect(flows: DatedFlow[]): number | null {
  let lo = -0.999999999;
  let hi = 1;
  let fLo = npv(flows, lo);
  while (Math.sign(npv(flows, hi)) === Math.sign(fLo) && hi < 1e12) hi *= 10;
  if (Math.sign(npv(flows, hi)) === Math.sign(fLo)) return null;
  for (let k = 0; k < 300 && hi - lo > 1e-13 * Math.max(1, Math.abs(lo)); k++) {
    const mid = (lo + hi) / 2;
    const fMid = npv(flows, mid);
    if (fMid === 0) return mid;
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid;
      fLo = fMid;
    } else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Money-weighted return: the annual rate r with Σ amount ÷ (1 + r)^(days since first flow ÷ 365) = 0,
 * as a spreadsheet's XIRR computes it. Newton's method from 10%, bisection when Newton fails to
 * converge. Null without both a payment in and a value out, or when no rate solves it.
 */
export function xirr(input: DatedFlow[]): number | null {
  const flows = input.filter((f) => f.amount !== 0).sort((a, b) => a.day - b.day);
  if (!flows.some((f) => f.amount > 0) || !flows.some((f) => f.amount < 0)) return null;
  if (flows[flows.length - 1].day === flows[0].day) return null;
  const r = newton(flows, 0.1) ?? bisect(flows);
  return r !== null && Number.isFinite(r) ? r : null;
}
