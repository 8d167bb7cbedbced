import type { Services } from "../services";
import { createContent } from "./service";

export { seedContent } from "./seed";
export { createContent } from "./service";
export type * from "./types";

/** services.content: editorial articles, brokers and the blacklist (docs/product/content.md). */
export function registerContent(services: Services) {
  services.content = createContent({ db: services.db, log: services.log, news: () => services.news });
  return services.content;
}
