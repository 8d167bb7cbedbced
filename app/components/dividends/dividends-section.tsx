import { useTranslation } from "react-i18next";
import type { CorporateActionView, ReaderDividendReminder } from "#common/dividends";
import { useRootData } from "~/lib/root-data";
import { useFormat } from "~/lib/use-format";
import { actionText, dayText } from "./action-text";
import { ReminderForm } from "./reminder-form";
import "~/locales/dividends";

/**
 * A company's dividends and corporate actions, newest ex-date first: what each gives, its dates,
 * its source (linked when there is a link) and the date it was recorded; the ones still to come are
 * marked, and a signed-in reader can be reminded before a coming ex-date (docs/product/markets.md).
 */
export function DividendsSection({
  actions,
  reminders = {},
}: {
  actions: CorporateActionView[];
  /** The signed-in reader's reminders, by distribution id. */
  reminders?: Record<string, ReaderDividendReminder>;
}) {
  const { t } = useTranslation("dividends");
  const f = useFormat();
  const signedIn = Boolean(useRootData()?.user);
  return (
    <section
      id="dividends"
      aria-labelledby="dividends-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="dividends-section"
    >
      <h2 id="dividends-title" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {actions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("none")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t("newestFirst")}</p>
          <ul className="mt-3 divide-y divide-slate-100">
            {actions.map((a) => (
              <li key={a.id} className="py-3 text-sm" data-testid="dividend-row" data-upcoming={a.upcoming}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{t(`kind.${a.kind}`)}</span>
                  <span>{actionText(a, t, f)}</span>
                  {a.upcoming ? (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
                      {t("upcoming")}
                    </span>
                  ) : null}
                </div>
                <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-slate-600 sm:grid-cols-4">
                  <Dated label={t("exDate")} day={a.exDate} text={dayText(f, a.exDate)} />
                  <Dated label={t("recordDate")} day={a.recordDate} text={dayText(f, a.recordDate)} />
                  <Dated label={t("paymentDate")} day={a.paymentDate} text={dayText(f, a.paymentDate)} />
                  <div>
                    <dt className="sr-only">{t("source")}</dt>
                    <dd className="text-xs">
                      <SourceText action={a} />
                    </dd>
                  </div>
                </dl>
                {a.upcoming && a.kind === "dividend" ? (
                  signedIn ? (
                    <ReminderForm actionId={a.id} reminder={reminders[a.id] ?? null} />
                  ) : (
                    <p className="mt-2 text-xs text-slate-500">{t("remind.signIn")}</p>
                  )
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Dated({ label, day, text }: { label: string; day: string | null; text: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd>{day ? <time dateTime={day}>{text}</time> : text}</dd>
    </div>
  );
}

/** "Yahoo Finance, recorded 12 Nov 2026", the source linked when the row has a link. */
export function SourceText({ action: a }: { action: CorporateActionView }) {
  const { t } = useTranslation("dividends");
  const f = useFormat();
  const source = t(`sources.${a.source}`, { defaultValue: a.source });
  const text = t("recorded", { source, date: f.date(a.updatedAt) });
  return a.sourceUrl ? (
    <a
      href={a.sourceUrl}
      rel="noopener noreferrer nofollow"
      target="_blank"
      className="text-brand-700 hover:underline"
    >
      {text}
    </a>
  ) : (
    <span>{text}</span>
  );
}
