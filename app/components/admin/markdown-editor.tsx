import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Textarea } from "~/components/forms/field";
import "~/locales/admin";

const PROSE =
  "[&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:ps-3 [&_blockquote]:text-slate-600 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:mb-2 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-1 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:ps-6";

/** A Markdown textarea with a preview rendered (and sanitized) by the server's own renderer. */
export function MarkdownEditor({
  name,
  label,
  error,
  rows = 10,
  defaultValue,
  className,
  arabic,
}: {
  name: string;
  label: string;
  error?: string;
  rows?: number;
  defaultValue: string;
  className?: string;
  /** The Arabic version of a text: written and previewed right to left, marked lang="ar". */
  arabic?: boolean;
}) {
  const lang = arabic ? ({ dir: "rtl", lang: "ar" } as const) : {};
  const { t } = useTranslation("admin");
  const id = useId();
  const [mode, setMode] = useState<"write" | "preview">("write");
  const area = useRef<HTMLTextAreaElement>(null);
  const preview = useFetcher<{ html: string }>();
  const tab = (m: "write" | "preview") =>
    `rounded-t-md px-3 py-1 text-sm font-medium ${mode === m ? "bg-white text-brand-700 ring-1 ring-slate-300" : "text-slate-600"}`;
  return (
    <div className={className}>
      <div className="mb-1 flex items-end justify-between">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="flex gap-1">
          <button
            type="button"
            className={tab("write")}
            aria-pressed={mode === "write"}
            onClick={() => setMode("write")}
          >
            {t("content.write")}
          </button>
          <button
            type="button"
            className={tab("preview")}
            aria-pressed={mode === "preview"}
            onClick={() => {
              setMode("preview");
              preview.submit(
                { markdown: area.current?.value ?? "" },
                { method: "post", action: "/admin/preview" },
              );
            }}
          >
            {t("content.preview")}
          </button>
        </div>
      </div>
      {/* The textarea stays mounted (hidden) so its value is submitted with the form. */}
      <Textarea
        ref={area}
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        hidden={mode === "preview"}
        aria-invalid={error ? true : undefined}
        className="font-mono text-sm"
        {...lang}
      />
      {mode === "preview" ? (
        <div
          data-testid="markdown-preview"
          {...lang}
          aria-live="polite"
          className={`min-h-40 rounded-md border border-slate-300 bg-white p-4 text-slate-800 ${PROSE}`}
        >
          {preview.state !== "idle" || !preview.data ? (
            <p className="text-sm text-slate-500">{t("loading")}</p>
          ) : preview.data.html ? (
            <div dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          ) : (
            <p className="text-sm text-slate-500">{t("content.nothingToPreview")}</p>
          )}
        </div>
      ) : null}
      <p className="mt-1 text-xs text-slate-500">{t("content.markdownHelp")}</p>
      {error ? <p className="mt-1 text-sm text-red-600">{error}</p> : null}
    </div>
  );
}
