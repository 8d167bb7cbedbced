import { useTranslation } from "react-i18next";
import type { Priority, Severity } from "#server/content/types";
import { useLang } from "~/lib/locale";
import { localizedLabel } from "./localized";
import "~/locales/content";

const pill = "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold";

const PRIORITY_CLASS: Record<Priority, string> = {
  urgent: "bg-red-600 text-white",
  high: "bg-orange-100 text-orange-800",
  medium: "bg-yellow-100 text-yellow-800",
};

export function PriorityBadge({ priority }: { priority: Priority }) {
  const { t } = useTranslation("content");
  return (
    <span className={`${pill} uppercase ${PRIORITY_CLASS[priority]}`} data-priority={priority}>
      <span className="sr-only">{t("news.priorityPrefix")}</span>
      {t(`news.priority.${priority}`)}
    </span>
  );
}

/** Breaking News: a LIVE badge beside the title. */
export function LiveBadge() {
  const { t } = useTranslation("content");
  return (
    <span className="inline-flex items-center gap-1.5 rounded-md bg-red-600 px-2 py-1 text-xs font-bold tracking-wider text-white">
      <span aria-hidden className="size-2 animate-pulse rounded-full bg-white motion-reduce:animate-none" />
      {t("news.live")}
    </span>
  );
}

export function CategoryBadge({ children }: { children: React.ReactNode }) {
  return <span className={`${pill} bg-brand-50 text-brand-700`}>{children}</span>;
}

/** A short label in the page's language (content-labels-ar), else as entered and marked lang="en". */
export function LabelText({ label }: { label: string }) {
  const l = localizedLabel(useLang(), label);
  return <span {...l.attrs}>{l.text}</span>;
}

export function CategoryLabel({ label }: { label: string }) {
  return (
    <CategoryBadge>
      <LabelText label={label} />
    </CategoryBadge>
  );
}

const SEVERITY_CLASS: Record<Severity, string> = {
  urgent: "bg-red-600 text-white",
  high: "bg-orange-700 text-white",
  medium: "bg-yellow-400 text-yellow-950",
};

/** Blacklisted brokers: severity shown '{SEVERITY} RISK'. */
export function SeverityBadge({ severity }: { severity: Severity }) {
  const { t } = useTranslation("content");
  return (
    <span className={`${pill} ${SEVERITY_CLASS[severity]}`} data-severity={severity}>
      {t("blacklist.risk", { severity: t(`blacklist.severityName.${severity}`) })}
    </span>
  );
}
