import type { Request, Response } from "express";
import type { Entry } from "./page-entries";
import { NO_STORE_PREFIXES, variantOf } from "./page-policy";
import { sendPersonal } from "./page-send";

export interface Personal {
  /** Bytes spliced into the shared copy after `<head>`. */
  insert: Buffer;
  /** Whether the reader saved a calendar time zone (asked only of copies that show times). */
  hasSavedTimeZone(): Promise<boolean>;
}

/**
 * The signed-in reader's own part of a shared page, or null when the page must be rendered for
 * them (no valid session, a saved language that moves them to the page's twin).
 */
export type Personalize = (req: Request) => Promise<Personal | null>;

/** Signed-in readers served from a shared copy with their own part spliced in. */
export function createPersonalCopies(personalize: Personalize | undefined) {
  /**
   * Paths whose copy asked who reads it (alerts, account...): rendered for a signed-in reader
   * straight away, without rendering a shared copy first each time one expires.
   */
  const readersOwn = new Set<string>();
  /** Whether a request may be answered with a shared copy made personal (a page, signed in). */
  const candidate = (req: Request) =>
    Boolean(personalize) &&
    !readersOwn.has(req.path) &&
    (req.method === "GET" || req.method === "HEAD") &&
    !req.headers.authorization &&
    variantOf(req)?.session === true &&
    // React Router's data requests of client navigations are never stored: render them.
    !req.path.endsWith(".data") &&
    !NO_STORE_PREFIXES.some((p) => req.path.toLowerCase().startsWith(p.replace(/\/$/, "")));

  /**
   * Serves a signed-in reader from a stored copy when the copy never asked who reads it, with their
   * own part spliced in; false when the page must be rendered for them.
   */
  async function serve(req: Request, res: Response, entry: Entry) {
    if (entry.reads.user) readersOwn.add(req.path);
    if (!entry.spliced || entry.reads.user || !personalize) return false;
    const personal = await personalize(req);
    if (!personal) return false;
    // Times shown in a zone the reader saved, when no cookie names one, are theirs alone.
    if (entry.reads.timeZone && !variantOf(req)?.timeZone && (await personal.hasSavedTimeZone()))
      return false;
    sendPersonal(req, res, entry, entry.spliced, personal.insert);
    return true;
  }
  return { candidate, serve, clear: () => readersOwn.clear() };
}
