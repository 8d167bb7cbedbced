import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import * as schema from "../db/schema";
import {
  type AuthDeps,
  accountHooks,
  cookieOptions,
  emailAndPasswordOptions,
  emailVerificationOptions,
  rateLimitOptions,
} from "./auth-options";
import { jsonBodiesOnly } from "./json-bodies";
import { refuseWeakPassword } from "./password-policy";
import { createSignInThrottle } from "./throttle";

export type { AuthDeps } from "./auth-options";

export function createAuth(deps: AuthDeps) {
  const { db, config } = deps;
  const secure = config.publicUrl.startsWith("https://");
  const throttle = createSignInThrottle({ db, config, log: deps.log });
  const auth = betterAuth({
    appName: "GulfPulse",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    telemetry: { enabled: false },
    emailAndPassword: emailAndPasswordOptions(deps, throttle),
    emailVerification: emailVerificationOptions(deps),
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
    rateLimit: rateLimitOptions(config.AUTH_RATE_LIMIT_PER_MINUTE),
    advanced: cookieOptions(secure),
    databaseHooks: accountHooks(deps),
  });
  // JSON bodies only, so the throttle reads every credential the library reads (./json-bodies.ts).
  auth.handler = jsonBodiesOnly(throttle.wrap(auth.handler));
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
