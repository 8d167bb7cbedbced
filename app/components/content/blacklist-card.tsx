import { Flag, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { BlacklistEntry } from "#server/content/types";
import { NameText } from "~/components/i18n/language-label";
import { Link } from "~/components/link";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import { LabelText, SeverityBadge } from "./badges";
import { localized } from "./localized";
import "~/locales/content";

const BORDER = { urgent: "border-l-red-600", high: "border-l-orange-500", medium: "border-l-yellow-400" };

/** A blacklisted broker: name, '{SEVERITY} RISK', date added, reason, warning, Report Issue. */
export function BlacklistCard({ entry }: { entry: BlacklistEntry }) {
  const { t } = useTranslation("content");
  const f = useFormat();
  const lang = useLang();
  const reason = localized(lang, entry.reason, entry.reasonAr);
  const warning = localized(lang, entry.warning, entry.warningAr);
  return (
    <article
      id={`blacklist-${entry.id}`}
      className={`scroll-mt-24 rounded-xl border border-s-4 border-slate-200 bg-white p-5 shadow-sm ${BORDER[entry.severity]}`}
      data-testid="blacklist-entry"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <ShieldAlert aria-hidden className="size-5 text-red-600" />
          <NameText name={entry.name} />
        </h2>
        <SeverityBadge severity={entry.severity} />
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">{t("blacklist.dateAdded")}</dt>
        <dd className="text-slate-900">
          <time dateTime={new Date(entry.dateAdded).toISOString()}>{f.date(entry.dateAdded)}</time>
        </dd>
        <dt className="text-slate-500">{t("blacklist.reason")}</dt>
        <dd className="font-semibold text-slate-900" {...reason.attrs}>
          {reason.text}
        </dd>
        {entry.regulator ? (
          <>
            <dt className="text-slate-500">{t("blacklist.regulator")}</dt>
            <dd className="text-slate-900">
              <LabelText label={entry.regulator} />
            </dd>
          </>
        ) : null}
        <dt className="text-slate-500">{t("blacklist.warning")}</dt>
        <dd className="rounded-md bg-red-50 p-3 text-red-900" {...warning.attrs}>
          {warning.text}
        </dd>
      </dl>
      <div className="mt-4 flex justify-end">
        <Link
          to={`/contact?broker=${encodeURIComponent(entry.name)}`}
          className="inline-flex items-center gap-2 rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
        >
          <Flag aria-hidden className="size-4" />
          {t("blacklist.report")}
        </Link>
      </div>
    </article>
  );
}
