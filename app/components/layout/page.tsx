/** Standard page frame: a title band and a content column. */
export function Page({
  title,
  subtitle,
  children,
  badge,
  titleAttrs,
  subtitleAttrs,
}: {
  title: string;
  subtitle?: string;
  /** `lang`/`dir` of a title or subtitle shown in a language other than the page's. */
  titleAttrs?: { lang?: string; dir?: "ltr" | "rtl" };
  subtitleAttrs?: { lang?: string; dir?: "ltr" | "rtl" };
  badge?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div>
      <section className="bg-gradient-to-r from-brand-900 rtl:bg-gradient-to-l to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-10">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold sm:text-4xl" {...titleAttrs}>
              {title}
            </h1>
            {badge}
          </div>
          {subtitle ? (
            <p className="mt-2 max-w-3xl text-slate-200" {...subtitleAttrs}>
              {subtitle}
            </p>
          ) : null}
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-8">{children}</div>
    </div>
  );
}
