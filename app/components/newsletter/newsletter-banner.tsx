import { Mail } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LazySubscribeDialog } from "./lazy-subscribe-dialog";
import "~/locales/newsletter";

/** Home section 2: the newsletter banner; its button opens the full subscribe modal. */
export function NewsletterBanner() {
  const { t } = useTranslation("newsletter");
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="newsletter-banner-title"
      className="bg-gradient-to-r from-gold-500 rtl:bg-gradient-to-l to-gold-400 text-brand-900"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:flex-row sm:gap-3 sm:py-4 sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Mail aria-hidden className="mt-1 size-6 shrink-0" />
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide">{t("banner.eyebrow")}</p>
            <h2 id="newsletter-banner-title" className="text-base font-bold leading-tight sm:text-lg">
              {t("banner.title")}
            </h2>
            <p className="text-xs text-brand-900/80 sm:text-sm">{t("banner.text")}</p>
          </div>
        </div>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="inline-flex shrink-0 items-center justify-center rounded-md bg-brand-900 px-4 py-1.5 font-semibold sm:py-2 text-white shadow-sm hover:bg-brand-700"
        >
          {t("banner.cta")}
        </button>
      </div>
      <LazySubscribeDialog source="full" open={open} onOpenChange={setOpen} />
    </section>
  );
}
