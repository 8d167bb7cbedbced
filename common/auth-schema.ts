import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 6;

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
export const authFormSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema, forgotSchema]);
export const resetPasswordSchema = z.object({ token: z.string().min(1), password });
