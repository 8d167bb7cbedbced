/**
 * Watchlist product limits (docs/product/watchlists.md). Apart from the schema, so a page that
 * only needs a number (the home page's watchlist stars) does not load the validation library.
 */
export const MAX_WATCHLISTS_PER_USER = 20;
export const MAX_ITEMS_PER_WATCHLIST = 100;
export const WATCHLIST_NAME_MAX = 40;
