import type { Request } from "express";
import { rememberedRedirect } from "#common/locale";
import { readerIslandHtml } from "#common/reader-island";
import type { Services } from "../services";
import type { Personal } from "./page-cache";

type Deps = Pick<Services, "sessions" | "isAdmin" | "calendar" | "log">;

/**
 * A signed-in reader's own part of a shared page (decision record 028): who they are, for the
 * header, from the session cache (no database read while the bus vouches for it). Null when the
 * page must be rendered for them instead: no valid session, or a saved language that sends them
 * to the page's twin (the root loader's redirect).
 */
export function readerPart(services: Deps) {
  const memo = new WeakMap<Request, Promise<Personal | null>>();
  async function part(req: Request): Promise<Personal | null> {
    const cookie = req.headers.cookie ?? null;
    let session: Awaited<ReturnType<Deps["sessions"]["get"]>>;
    try {
      session = await services.sessions.get(new Headers(cookie ? { cookie } : {}));
    } catch (err) {
      services.log.error({ err }, "session fetch failed");
      return null;
    }
    if (!session) return null;
    const { id, email, name, locale } = session.user;
    if (rememberedRedirect(new URL(req.originalUrl, "http://page"), cookie, locale)) return null;
    const isAdmin = await services.isAdmin(id);
    return {
      insert: Buffer.from(readerIslandHtml({ id, email, name, isAdmin })),
      hasSavedTimeZone: async () => (await services.calendar.timeZones.get(id)) !== null,
    };
  }
  // Asked at most once per request, though both the fast path and the middleware may ask.
  return (req: Request) => {
    let known = memo.get(req);
    if (!known) {
      known = part(req);
      memo.set(req, known);
    }
    return known;
  };
}
