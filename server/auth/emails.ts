import type { OutgoingMail } from "../mail/outbox";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function actionMail(o: {
  to: string;
  name: string;
  url: string;
  heading: string;
  body: string;
  cta: string;
}) {
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<h1 style="color:#0b3b60">${escapeHtml(o.heading)}</h1>
<p>Hello ${escapeHtml(o.name)},</p><p>${escapeHtml(o.body)}</p>
<p><a href="${escapeHtml(o.url)}" style="background:#0b3b60;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(o.cta)}</a></p>
<p style="color:#64748b;font-size:12px">If you did not ask for this, ignore this email.</p></body></html>`;
  const text = `${o.heading}\n\nHello ${o.name},\n\n${o.body}\n\n${o.cta}: ${o.url}\n\nIf you did not ask for this, ignore this email.`;
  return { html, text };
}

/** Auth mails (a later issue moves every template to React email templates). */
export const authEmails = {
  verification(o: { to: string; name: string; url: string; token: string }): OutgoingMail {
    return {
      idempotencyKey: `verify:${o.token}`,
      kind: "verification",
      to: o.to,
      subject: "Verify your GulfPulse email",
      ...actionMail({
        ...o,
        heading: "Confirm your email",
        body: "Please confirm your email address to finish creating your GulfPulse account.",
        cta: "Verify email",
      }),
    };
  },
  passwordReset(o: { to: string; name: string; url: string; token: string }): OutgoingMail {
    return {
      idempotencyKey: `reset:${o.token}`,
      kind: "password-reset",
      to: o.to,
      subject: "Reset your GulfPulse password",
      ...actionMail({
        ...o,
        heading: "Reset your password",
        body: "We received a request to reset your password. The link is valid for one hour.",
        cta: "Reset password",
      }),
    };
  },
};
