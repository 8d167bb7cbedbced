import { CheckCircle2, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LazySubscribeDialog } from "./lazy-subscribe-dialog";
import "~/locales/newsletter";

/** Home section 5: Join Our Trading Community; its button opens the short (name, email) modal. */
export function JoinCommunity() {
  const { t } = useTranslation("newsletter");
  const [open, setOpen] = useState(false);
  const features = t("community.features", { returnObjects: true }) as string[];
  return (
    <section aria-labelledby="join-community-title" className="mx-auto max-w-7xl px-4 py-10">
      <div className="grid gap-6 rounded-2xl bg-brand-900 p-6 text-white shadow-sm sm:p-10 lg:grid-cols-[2fr_1fr] lg:items-center">
        <div>
          <div className="flex items-center gap-3">
            <Users aria-hidden className="size-8 text-gold-400" />
            <h2 id="join-community-title" className="text-2xl font-bold sm:text-3xl">
              {t("community.title")}
            </h2>
          </div>
          <p className="mt-3 max-w-2xl text-slate-200">{t("community.text")}</p>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {features.map((f) => (
              <li key={f} className="flex items-center gap-2 text-sm text-slate-100">
                <CheckCircle2 aria-hidden className="size-4 shrink-0 text-gold-400" />
                {f}
              </li>
            ))}
          </ul>
        </div>
        <div className="lg:text-end">
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="inline-flex items-center justify-center rounded-md bg-gold-500 px-5 py-2.5 font-semibold text-brand-900 shadow-sm hover:bg-gold-400"
          >
            {t("community.cta")}
          </button>
        </div>
      </div>
      <LazySubscribeDialog source="community" open={open} onOpenChange={setOpen} />
    </section>
  );
}
