import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Lang } from "#common/locale";
import { dirOf, mailT } from "../i18n";

/** The brand name is not translated; the tagline is (mail catalog). */
const BRAND = { name: "GulfPulse", color: "#0f4a7a" };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Mail clients ignore <style> blocks unevenly, so every style is inline and layout is a table.
 * Arabic mails are right to left: `dir` on <html> and again on the content table with
 * right-aligned text, because some clients drop the <html> element's attributes.
 */
export function EmailLayout({
  locale = "en",
  preview,
  children,
  footer,
}: {
  locale?: Lang;
  preview: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = mailT(locale);
  const dir = dirOf(locale);
  const align = dir === "rtl" ? "right" : "left";
  return (
    <html lang={locale} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{BRAND.name}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: "#f1f5f9", fontFamily: "Arial, sans-serif" }}>
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  dir={dir}
                  style={{
                    maxWidth: 600,
                    background: "#ffffff",
                    borderRadius: 8,
                    direction: dir,
                    textAlign: align,
                  }}
                >
                  <tbody>
                    <tr>
                      <td style={{ background: BRAND.color, color: "#ffffff", padding: "20px 28px" }}>
                        <div style={{ fontSize: 22, fontWeight: "bold" }}>{BRAND.name}</div>
                        <div style={{ fontSize: 13, color: "#d6e8f6" }}>{t("tagline")}</div>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "24px 28px", color: "#0f172a", fontSize: 15, lineHeight: 1.6 }}>
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 28px", color: "#64748b", fontSize: 12, lineHeight: 1.5 }}>
                        {footer}
                        <p style={{ margin: "8px 0 0" }}>{t("disclaimer", { brand: BRAND.name })}</p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: "0 0 16px", fontSize: 22, color: BRAND.color }}>{children}</h1>;
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: "0 0 14px" }}>{children}</p>;
}

export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "20px 0" }}>
      <a
        href={href}
        style={{
          background: BRAND.color,
          color: "#ffffff",
          padding: "10px 18px",
          borderRadius: 6,
          textDecoration: "none",
          fontWeight: "bold",
          display: "inline-block",
        }}
      >
        {children}
      </a>
    </p>
  );
}

export function UnsubscribeFooter({
  url,
  reason,
  locale = "en",
}: {
  url?: string;
  reason: string;
  locale?: Lang;
}) {
  return (
    <p style={{ margin: 0 }}>
      {reason}
      {url ? (
        <>
          {" "}
          <a href={url} style={{ color: "#64748b" }}>
            {mailT(locale)("unsubscribe")}
          </a>
        </>
      ) : null}
    </p>
  );
}

export function renderEmail(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

/** The plain-text part: paragraphs separated by blank lines, plus the common footer. */
export function textBody(parts: Array<string | false | null | undefined>, locale: Lang = "en"): string {
  return [...parts.filter(Boolean), `${BRAND.name} — ${mailT(locale)("tagline")}`].join("\n\n");
}
