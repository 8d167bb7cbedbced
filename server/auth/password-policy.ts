import { readFileSync } from "node:fs";
import { APIError, getSessionFromCtx } from "better-auth/api";
import {
  PASSWORD_IS_EMAIL,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON,
  passwordMatchesEmail,
} from "#common/auth-schema";

/**
 * A new password (sign-up, reset, change) must not be one of the 10,000 most common passwords of a
 * public breach corpus (compared case-insensitively: guessing tools try every case), nor the
 * account's email address or the part before its @. The minimum length stays 6 characters, as the
 * product texts promise (docs/product/accounts.md); these checks refuse the guessable ones among the
 * long-enough passwords. Signing in with an existing password is never refused by them.
 */

const LIST_FILE = new URL("./common-passwords.txt", import.meta.url);
let common: Set<string> | undefined;

/** The shipped list, read once on first use (header lines start with #). */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(LIST_FILE, "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("#")),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Why a new password is refused, or null. Too short or too long is the auth library's own answer. */
export function weakPasswordReason(password: string, email: string | undefined): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return null;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  if (passwordMatchesEmail(password, email)) return PASSWORD_IS_EMAIL;
  return null;
}

type HookContext = Parameters<typeof getSessionFromCtx>[0] & {
  path: string;
  body?: unknown;
  query?: unknown;
};

/** The new password a request sets and whose account it belongs to, or null for other requests. */
async function newPasswordOf(ctx: HookContext): Promise<{ password: unknown; email?: string } | null> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (ctx.path === "/sign-up/email")
    return { password: body.password, email: typeof body.email === "string" ? body.email : undefined };
  if (ctx.path === "/reset-password") {
    const token = body.token ?? (ctx.query as Record<string, unknown> | undefined)?.token;
    if (typeof token !== "string" || !token) return { password: body.newPassword };
    const internal = ctx.context.internalAdapter;
    const found = await internal.findVerificationValue(`reset-password:${token}`);
    const user = found ? await internal.findUserById(found.value) : null;
    return { password: body.newPassword, email: user?.email };
  }
  if (ctx.path === "/change-password" || ctx.path === "/set-password") {
    const session = await getSessionFromCtx(ctx).catch(() => null);
    return { password: body.newPassword, email: session?.user.email };
  }
  return null;
}

/** Before the auth library's endpoints: refuses a weak new password with 400, before any write. */
export async function refuseWeakPassword(ctx: HookContext): Promise<void> {
  const change = await newPasswordOf(ctx);
  // Not a string: the library's own validation answers.
  if (!change || typeof change.password !== "string") return;
  const reason = weakPasswordReason(change.password, change.email);
  if (reason) {
    const code = reason === PASSWORD_TOO_COMMON ? "PASSWORD_TOO_COMMON" : "PASSWORD_IS_EMAIL";
    throw new APIError("BAD_REQUEST", { message: reason, code });
  }
}
