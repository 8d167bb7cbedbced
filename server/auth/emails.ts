import { passwordResetMail, verificationMail } from "../mail/mails";

/** Auth mails, rendered by the React email templates in server/mail/templates. */
export const authEmails = {
  verification: verificationMail,
  passwordReset: passwordResetMail,
};
