import { createContext } from "react-router";
import type { Services } from "#server/services";

/** What the server hands every loader and action (filled by server/http/app.ts). */
export interface RequestContext {
  services: Services;
  nonce: string;
  clientIp: string;
}

export const requestContext = createContext<RequestContext>();
