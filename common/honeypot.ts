/**
 * A field hidden from people (off-screen, out of the tab order, no autofill): people leave it
 * empty, form-filling bots do not. Its name matches nothing a browser would autofill.
 */
export const HONEYPOT_FIELD = "gp_confirm_code";

export const isHoneypotFilled = (form: Record<string, unknown>) => {
  const v = form[HONEYPOT_FIELD];
  return typeof v === "string" ? v.trim() !== "" : v != null && v !== "";
};
