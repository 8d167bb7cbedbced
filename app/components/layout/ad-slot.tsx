import { useTranslation } from "react-i18next";

/** Each size's box is fixed in CSS, so the page never shifts when an ad would fill it. */
const SIZES = {
  banner: "h-24 w-full",
  square: "aspect-square w-full max-w-xs",
  sidebar: "h-96 w-full max-w-[18rem]",
} as const;

/**
 * Ad slots are placeholders (banner, square, sidebar), labelled as such by their visible
 * text. Not a landmark: four identical "Advertisement" regions on one page would only add noise
 * to a screen reader's landmark list.
 */
export function AdSlot({ size = "banner" }: { size?: keyof typeof SIZES }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto my-8 max-w-7xl px-4" data-ad-size={size}>
      <div
        className={`${SIZES[size]} flex items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-100 text-xs uppercase tracking-wider text-slate-600`}
      >
        <p>{t("ad.placeholder")}</p>
      </div>
    </div>
  );
}
