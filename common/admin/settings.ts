/**
 * Setting keys the admin area writes (site_settings), with the values used until an admin saves
 * one. Readers call `services.settings.get(key, SETTING_FALLBACKS[key])`.
 */
export const SETTING_KEYS = {
  siteName: "siteName",
  tagline: "tagline",
  contactEmail: "contactEmail",
  contactPhone: "contactPhone",
  contactAddress: "contactAddress",
  businessHours: "businessHours",
  heroSymbols: "heroSymbols",
  marketTickMs: "marketTickMs",
  requireVerifiedEmail: "requireVerifiedEmail",
} as const;

export const SETTING_FALLBACKS = {
  siteName: "GulfPulse",
  tagline: "Trade Smart, Stay Ahead",
  contactEmail: "",
  contactPhone: "",
  contactAddress: "",
  // The contact page's default hours (docs/product/content.md).
  businessHours: "Sunday to Thursday: 8:00 AM to 6:00 PM\nFriday and Saturday: Closed",
  // The home hero's default overview: TASI, DFM, USD/AED and Brent.
  heroSymbols: ["TASI", "DFMGI", "USD/AED", "BRENT"],
} as const;
