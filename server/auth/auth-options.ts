import type { BetterAuthOptions } from "better-auth";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { PASSWORD_MIN_LENGTH } from "#common/auth-schema";
import { langOf, toLang } from "#common/locale";
import type { Config } from "../config";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import { CLIENT_IP_HEADER } from "../http/client-address";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import { AUTH_COOKIE_PREFIX } from "./cookie-names";
import { authEmails } from "./emails";
import { grantAdmin } from "./roles";
import type { createSignInThrottle } from "./throttle";

export interface AuthDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  log: Logger;
  /** Read at each sign-in so the admin setting applies without a restart. */
  requireVerifiedEmail: () => boolean;
}

type Throttle = ReturnType<typeof createSignInThrottle>;
const localeOf = (user: unknown) => toLang((user as { locale?: unknown }).locale);

/** Email and password accounts: confirmed before the first sign-in, reset by mail. */
export function emailAndPasswordOptions({ outbox }: Pick<AuthDeps, "outbox">, throttle: Throttle) {
  return {
    enabled: true,
    minPasswordLength: PASSWORD_MIN_LENGTH,
    // Sign-up never signs in: the user confirms the email first (docs/product/accounts.md).
    autoSignIn: false,
    revokeSessionsOnPasswordReset: true,
    // The owner lifts a lock on their account by resetting the password.
    async onPasswordReset({ user }) {
      await throttle.clear(user.email);
    },
    async sendResetPassword({ user, url, token }) {
      const locale = localeOf(user);
      await outbox.enqueue(authEmails.passwordReset({ to: user.email, name: user.name, url, token, locale }));
    },
  } satisfies BetterAuthOptions["emailAndPassword"];
}

export function emailVerificationOptions({ outbox }: Pick<AuthDeps, "outbox">) {
  return {
    sendOnSignUp: true,
    autoSignInAfterVerification: false,
    async sendVerificationEmail({ user, url, token }) {
      const locale = localeOf(user);
      await outbox.enqueue(authEmails.verification({ to: user.email, name: user.name, url, token, locale }));
    },
  } satisfies BetterAuthOptions["emailVerification"];
}

/** The library's own limits, stored in the database so every process shares the counts. */
export function rateLimitOptions(perMinute: number) {
  return {
    enabled: true,
    storage: "database",
    window: 60,
    max: 100,
    customRules: {
      // Sign-in is throttled by ./throttle.ts: failures per account and per address, never successes.
      "/sign-in/email": false,
      "/sign-up/email": { window: 60, max: Math.max(1, Math.ceil(perMinute / 2)) },
      "/request-password-reset": { window: 300, max: Math.max(1, Math.ceil(perMinute / 2)) },
      "/send-verification-email": { window: 300, max: Math.max(1, Math.ceil(perMinute / 2)) },
    },
  } satisfies BetterAuthOptions["rateLimit"];
}

export function cookieOptions(secure: boolean) {
  return {
    useSecureCookies: secure,
    cookiePrefix: AUTH_COOKIE_PREFIX,
    defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    // The address the HTTP app resolved (server/http/client-address.ts), never X-Forwarded-For
    // itself: its leftmost entries are whatever the client wrote.
    ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
  } satisfies BetterAuthOptions["advanced"];
}

/** A new account's language and admin role; a session only for an account allowed to sign in. */
export function accountHooks({ db, config, log, requireVerifiedEmail }: Omit<AuthDeps, "outbox">) {
  return {
    user: {
      create: {
        // A new account speaks the language of the page it signed up from (its mails use it):
        // the sign-up call is an API request, so langOf reads the page from the Referer, else
        // the remembered `lang` cookie.
        async before(data, ctx) {
          const request =
            ctx?.request ??
            (ctx?.headers ? new Request(`${config.publicUrl}/api/auth`, { headers: ctx.headers }) : null);
          return { data: { ...data, locale: request ? langOf(request) : "en" } };
        },
        async after(created) {
          if (config.ADMIN_EMAILS.includes(created.email.toLowerCase())) {
            await grantAdmin(db, created.id);
            log.info({ email: created.email }, "admin granted from ADMIN_EMAILS");
          }
        },
      },
    },
    session: {
      create: {
        // Checked here rather than by Better Auth's own flag so the admin setting applies at once.
        async before(session) {
          const [u] = await db
            .select({ banned: schema.user.banned, verified: schema.user.emailVerified })
            .from(schema.user)
            .where(eq(schema.user.id, session.userId));
          if (u?.banned) throw new APIError("FORBIDDEN", { message: "This account has been suspended." });
          if (u && !u.verified && requireVerifiedEmail()) {
            throw new APIError("FORBIDDEN", {
              message: "Please verify your email first. Check your inbox for the verification link.",
            });
          }
        },
      },
    },
  } satisfies BetterAuthOptions["databaseHooks"];
}
