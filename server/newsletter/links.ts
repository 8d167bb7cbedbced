import type { Lang } from "#common/locale";
import { createUnsubscribeTokens } from "./unsubscribe-token";

/**
 * The site addresses a newsletter mail carries. Arabic pages live under /ar; the one-click
 * unsubscribe endpoint is an API path, the same in every language.
 */
export function newsletterLinks(publicUrl: string, secret: string) {
  const siteUrl = publicUrl.replace(/\/$/, "");
  const tokens = createUnsubscribeTokens(secret);
  const sitePath = (locale: Lang) => (locale === "ar" ? `${siteUrl}/ar` : siteUrl);
  const linksFor = (token: string, locale: Lang = "en") => ({
    pageUrl: `${sitePath(locale)}/newsletter/unsubscribe?token=${token}`,
    oneClickUrl: `${siteUrl}/api/newsletter/unsubscribe?token=${token}`,
  });
  return {
    siteUrl,
    tokens,
    sitePath,
    linksFor,
    /** The links a subscriber's mails carry (the page in the subscriber's language). */
    unsubscribeLinks: (subscriberId: string, locale: Lang = "en") =>
      linksFor(tokens.sign(subscriberId), locale),
  };
}

export type NewsletterLinks = ReturnType<typeof newsletterLinks>;
