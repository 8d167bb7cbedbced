import { redirect } from "react-router";
import { safeRedirect } from "#common/safe-redirect";
import { type RequestContext, requestContext } from "~/context";
import { langOf, localePath, pageHref } from "./locale";

type Ctx = { get(key: typeof requestContext): RequestContext };

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The saved language (users.locale), the remembered choice on a browser that has none. */
  locale?: string;
}

export const services = (context: Ctx) => context.get(requestContext).services;

/**
 * The signed-in user, or null. A page that asks is its reader's own: its shared copy is never
 * sent to a signed-in reader (the page cache renders it for them).
 */
export async function getUser(request: Request, context: Ctx): Promise<SessionUser | null> {
  const reads = context.get(requestContext).reads;
  if (reads) reads.user = true;
  return sessionUser(request, context);
}

/**
 * The signed-in user without marking the page as theirs: for the root loader, whose per-user
 * parts (the header's user, admin menu, saved language) the page cache's reader part stands in
 * for on a shared copy, and for parts that say what they depend on themselves (the time zone).
 */
export async function sessionUser(request: Request, context: Ctx): Promise<SessionUser | null> {
  const s = services(context);
  try {
    // From this process's memory while the bus vouches for it, else the database (server/auth/sessions.ts).
    const session = await s.sessions.get(request.headers);
    if (!session) return null;
    const { id, email, name, emailVerified, locale } = session.user;
    return { id, email, name, emailVerified, locale };
  } catch (err) {
    s.log.error({ err }, "session fetch failed");
    return null;
  }
}

export async function requireUser(request: Request, context: Ctx): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(localePath(langOf(request), `/auth?redirectTo=${encodeURIComponent(pageHref(url))}`));
  }
  return user;
}

/** Non-admins and signed-out visitors are redirected to /. */
export async function requireAdmin(request: Request, context: Ctx): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user || !(await services(context).isAdmin(user.id))) throw redirect(localePath(langOf(request), "/"));
  return user;
}

/**
 * For the sign-in page: a signed-in visitor goes on to the page that sent them to sign in
 * (`?redirectTo=`, a path on this site; see safeRedirect), in the page's language, else home. This
 * is also how a reader comes back after signing in: the sign-in action's revalidation lands here.
 */
export async function requireAnonymous(request: Request, context: Ctx): Promise<void> {
  if (!(await getUser(request, context))) return;
  const back = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  throw redirect(localePath(langOf(request), back));
}
