/**
 * The portfolio feature's shared facts (the API's answers and the /portfolio page): its limits,
 * the currencies a portfolio may be valued in, the activity types and the texts the server
 * answers with (English; app/locales/{en,ar}/server.json hold each one's translation, matched by
 * its English value; "{{name}}" holes are filled with fillMessage).
 */

export const PORTFOLIO_NAME_MAX = 60;
export const MAX_PORTFOLIOS_PER_USER = 20;
export const MAX_ACTIVITIES_PER_PORTFOLIO = 10_000;
export const MAX_ALERTS_PER_PORTFOLIO = 10;
/** The largest import file (characters). */
export const MAX_IMPORT_CHARS = 2_000_000;

/** Currencies a portfolio can be valued in: the Gulf's, Jordan's and the usual reserve ones. */
export const BASE_CURRENCIES = [
  "SAR",
  "AED",
  "KWD",
  "QAR",
  "BHD",
  "OMR",
  "JOD",
  "EGP",
  "USD",
  "EUR",
  "GBP",
] as const;

export const ACTIVITY_TYPES = [
  "buy",
  "sell",
  "dividend",
  "bonus",
  "split",
  "rights",
  "deposit",
  "withdrawal",
  "fee",
] as const;

export const PORTFOLIO_ALERT_KINDS = ["day-move", "weight"] as const;

export const PORTFOLIO_MESSAGES = {
  signIn: "Sign in to use portfolios",
  body: "The request body must be a JSON object.",
  nameRequired: "Enter a name for the portfolio",
  nameTooLong: `A portfolio name can have at most ${PORTFOLIO_NAME_MAX} characters`,
  baseCurrency: "Choose the portfolio's base currency",
  limit: `You can have at most ${MAX_PORTFOLIOS_PER_USER} portfolios. Delete one to create another.`,
  notFound: "Portfolio not found",
  activityNotFound: "Activity not found",
  activityLimit: `A portfolio can hold at most ${MAX_ACTIVITIES_PER_PORTFOLIO} activities`,
  type: "Choose the activity type",
  date: "Enter the date as YYYY-MM-DD",
  futureDate: "The date cannot be in the future",
  symbolRequired: "Choose an instrument",
  unknownSymbol: 'Unknown instrument "{{symbol}}". Choose one from the markets or search.',
  currency: "The currency is a three-letter code (SAR, AED).",
  wrongCurrency: "{{symbol}} trades in {{currency}}: enter its amounts in {{currency}}",
  quantity: "The quantity must be greater than 0",
  price: "The price must be greater than 0",
  amount: "The amount must be greater than 0",
  negative: "This value cannot be negative",
  number: 'Not a number: "{{value}}"',
  splitRatio: "Enter the split as new shares per old share (2 for a 2-for-1 split)",
  oversell: "This sells more {{symbol}} shares than the portfolio holds on {{date}}",
  noteTooLong: "A note can have at most 500 characters",
  importFormat: "Choose the file's format: CSV or Ghostfolio",
  importEmpty: "The file has no activities",
  importTooLarge: "The file is larger than 2 MB",
  importJson: "The file is not a Ghostfolio export (JSON with a list of activities)",
  importColumn: 'No column for "{{field}}": choose which of the file\'s columns holds it',
  importUnknownColumn: 'The file has no column "{{column}}"',
  importType: 'Unknown activity type "{{value}}"',
  exportFormat: "Choose the export format: csv, json or ghostfolio",
  alertKind: "Choose when the alert fires",
  alertThreshold: "Percentage must be greater than 0 and at most 100",
  alertLimit: `A portfolio can have at most ${MAX_ALERTS_PER_PORTFOLIO} alerts`,
  alertNotFound: "Alert not found",
  proposalNotFound: "No dividend of {{symbol}} with ex-date {{exDate}} is proposed for this portfolio",
} as const;
