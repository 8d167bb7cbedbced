import { useTranslation } from "react-i18next";

const SIZES = {
  banner: "h-24 w-full",
  square: "aspect-square w-full max-w-xs",
  sidebar: "h-96 w-full max-w-[18rem]",
} as const;

/** Spec §9: ad slots are placeholders (banner, square, sidebar), labelled as such. */
export function AdSlot({ size = "banner" }: { size?: keyof typeof SIZES }) {
  const { t } = useTranslation();
  return (
    <aside aria-label={t("ad.label")} className="mx-auto my-8 max-w-7xl px-4" data-ad-size={size}>
      <div
        className={`${SIZES[size]} flex items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-100 text-xs uppercase tracking-wider text-slate-400`}
      >
        {t("ad.placeholder")}
      </div>
    </aside>
  );
}
