import type { Services } from "../services";
import { createSearch } from "./service";

export type * from "./types";

/** services.search: site search over the content tables, ingested news, instruments and pages. */
export function registerSearch(services: Services) {
  services.search = createSearch({
    database: services.database,
    log: services.log,
    market: () => services.market,
  });
  return services.search;
}
