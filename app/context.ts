import { createContext } from "react-router";
import type { RenderReads } from "#server/cache/page-cache";
import type { Services } from "#server/services";

/** What the server hands every loader and action (filled by server/http/app.ts). */
export interface RequestContext {
  services: Services;
  nonce: string;
  clientIp: string;
  /**
   * Set by loaders that ask about the reader while a shared copy is rendered (the page cache's
   * renders only): a copy that asked who reads it is never sent to a signed-in reader.
   */
  reads?: RenderReads;
}

export const requestContext = createContext<RequestContext>();
