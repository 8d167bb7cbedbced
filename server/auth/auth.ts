import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
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
import { jsonBodiesOnly } from "./json-bodies";
import { refuseWeakPassword } from "./password-policy";
import { grantAdmin } from "./roles";
import { createSignInThrottle } from "./throttle";

export interface AuthDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  log: Logger;
  /** Read at each sign-in so the admin setting applies without a restart. */
  requireVerifiedEmail: () => boolean;
}

export function createAuth({ db, config, outbox, log, requireVerifiedEmail }: AuthDeps) {
  const secure = config.publicUrl.startsWith("https://");
  const perMinute = config.AUTH_RATE_LIMIT_PER_MINUTE;
  const throttle = createSignInThrottle({ db, config, log });
  const auth = betterAuth({
    appName: "GulfPulse",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    telemetry: { enabled: false },
    emailAndPassword: {
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
        const locale = toLang((user as { locale?: unknown }).locale);
        await outbox.enqueue(
          authEmails.passwordReset({ to: user.email, name: user.name, url, token, locale }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, url, token }) {
        const locale = toLang((user as { locale?: unknown }).locale);
        await outbox.enqueue(
          authEmails.verification({ to: user.email, name: user.name, url, token, locale }),
        );
      },
    },
    user: {
      additionalFields: {
        banned: { type: "boolean", defaultValue: false, input: false },
        // Set by the language switch (services.users.setLocale), never by sign-up input.
        locale: { type: "string", defaultValue: "en", input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    hooks: {
      // A new password (sign-up, reset, change) is refused when it is among the most common ones
      // or is the account's email (./password-policy.ts).
      // A password change ends every other session, whatever the caller asked: a stolen session
      // must not outlive the password it was taken under. The browser that changed it gets a new one.
      before: createAuthMiddleware(async (ctx) => {
        await refuseWeakPassword(ctx);
        if (ctx.path === "/change-password")
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }),
    },
    rateLimit: {
      // Stored in the database so every process shares the counts.
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
    },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: AUTH_COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      // The address the HTTP app resolved (server/http/client-address.ts), never X-Forwarded-For
      // itself: its leftmost entries are whatever the client wrote.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
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
    },
  });
  // JSON bodies only, so the throttle reads every credential the library reads (./json-bodies.ts).
  auth.handler = jsonBodiesOnly(throttle.wrap(auth.handler));
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
