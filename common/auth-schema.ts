import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 6;

/** Refusals of a new password that is long enough but easy to guess (docs/security.md). */
export const PASSWORD_TOO_COMMON =
  "This password is one of the most common ones and easy to guess. Choose another.";
export const PASSWORD_IS_EMAIL = "Your password must not be your email address. Choose another.";

/** The password is the email address, or the part before its @ (case and outer spaces ignored). */
export function passwordMatchesEmail(password: string, email: string | undefined): boolean {
  const p = password.trim().toLowerCase();
  const e = (email ?? "").trim().toLowerCase();
  if (!p || !e) return false;
  return p === e || p === e.slice(0, e.lastIndexOf("@"));
}

const email = z
  .string()
  .trim()
  .min(1, "Email is required")
  .email("Please enter a valid email address")
  .max(254);
const password = z
  .string()
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128);

/** One schema per auth form (docs/product/accounts.md): name only in sign-up mode. */
export const signInSchema = z.object({ intent: z.literal("signin"), email, password });
export const signUpSchema = z.object({
  intent: z.literal("signup"),
  fullName: z.string().trim().min(1, "Full name is required").max(120),
  email,
  password,
});
export const forgotSchema = z.object({ intent: z.literal("forgot"), email });
export const authFormSchema = z
  .discriminatedUnion("intent", [signInSchema, signUpSchema, forgotSchema])
  .superRefine((form, ctx) => {
    // A new password only: signing in with an old one of this kind still works.
    if (form.intent === "signup" && passwordMatchesEmail(form.password, form.email))
      ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_IS_EMAIL });
  });
export const resetPasswordSchema = z.object({ token: z.string().min(1), password });
