import { Lexer, type Token, type Tokens } from "marked";
import { Fragment, memo, type ReactNode } from "react";
import { localePath, useLang } from "~/lib/locale";

/**
 * Renders a reply's Markdown straight to React elements: no HTML string is ever built, so raw
 * HTML in a reply shows as text and nothing can run. Links are kept only for http(s) and
 * site-relative targets.
 */

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: "\u00a0",
};
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!);

function safeHref(href: string): string | null {
  const h = href.trim();
  if (/^https?:\/\//i.test(h)) return h;
  if (h.startsWith("/") && !h.startsWith("//")) return h;
  return null;
}

function inline(tokens: Token[] | undefined): ReactNode {
  if (!tokens) return null;
  return tokens.map((t, i) => <Fragment key={i}>{inlineToken(t)}</Fragment>);
}

function inlineToken(token: Token): ReactNode {
  const t = token as Tokens.Generic;
  switch (t.type) {
    case "strong":
      return <strong className="font-semibold">{inline(t.tokens)}</strong>;
    case "em":
      return <em>{inline(t.tokens)}</em>;
    case "del":
      return <del>{inline(t.tokens)}</del>;
    case "codespan":
      return (
        <code className="rounded bg-slate-200/70 px-1 py-0.5 font-mono text-[0.85em]">{decode(t.text)}</code>
      );
    case "br":
      return <br />;
    case "link": {
      const href = safeHref(t.href);
      if (!href) return inline(t.tokens);
      return <MarkdownLink href={href}>{inline(t.tokens)}</MarkdownLink>;
    }
    case "image":
      // Images from a model are not loaded (tracking pixels, CSP); their alt text is shown.
      return t.text ? `[${t.text}]` : null;
    case "text":
      return t.tokens ? inline(t.tokens) : decode(t.text);
    case "escape":
      return t.text;
    default:
      // html and anything unknown: its source, as text.
      return typeof t.raw === "string" ? t.raw : null;
  }
}

function block(tokens: Token[]): ReactNode {
  return tokens.map((t, i) => <Fragment key={i}>{blockToken(t)}</Fragment>);
}

function blockToken(token: Token): ReactNode {
  const t = token as Tokens.Generic;
  switch (t.type) {
    case "space":
    case "def":
      return null;
    case "paragraph":
      return <p>{inline(t.tokens)}</p>;
    case "heading": {
      const cls = "font-semibold text-slate-900";
      return t.depth <= 2 ? (
        <h4 className={`text-base ${cls}`}>{inline(t.tokens)}</h4>
      ) : (
        <h5 className={cls}>{inline(t.tokens)}</h5>
      );
    }
    case "list": {
      const items = (t.items as Tokens.ListItem[]).map((item, i) => <li key={i}>{block(item.tokens)}</li>);
      return t.ordered ? (
        <ol className="list-decimal space-y-1 ps-5" start={typeof t.start === "number" ? t.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul className="list-disc space-y-1 ps-5">{items}</ul>
      );
    }
    case "code":
      return (
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
          <code>{t.text}</code>
        </pre>
      );
    case "blockquote":
      return (
        <blockquote className="border-s-4 border-slate-300 ps-3 text-slate-600">
          {block(t.tokens ?? [])}
        </blockquote>
      );
    case "hr":
      return <hr className="border-slate-200" />;
    case "table": {
      const table = t as unknown as Tokens.Table;
      return (
        <div className="overflow-x-auto">
          <table className="min-w-full border-collapse text-start text-xs">
            <thead>
              <tr>
                {table.header.map((cell, i) => (
                  <th key={i} className="border-b border-slate-300 px-2 py-1 font-semibold">
                    {inline(cell.tokens)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} className="border-b border-slate-100 px-2 py-1">
                      {inline(cell.tokens)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case "text":
      // Tight list items hold bare text blocks.
      return t.tokens ? inline(t.tokens) : decode(t.text);
    default:
      return typeof t.raw === "string" ? <p>{t.raw}</p> : null;
  }
}

/** A link in an answer: a site path opens in the reader's language, anything else in a new tab. */
function MarkdownLink({ href, children }: { href: string; children: ReactNode }) {
  const lang = useLang();
  const external = !href.startsWith("/");
  return (
    <a
      href={external ? href : localePath(lang, href)}
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
      {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
    >
      {children}
    </a>
  );
}

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const tokens = Lexer.lex(text, { gfm: true, breaks: true });
  return <div className="space-y-2 [overflow-wrap:anywhere]">{block(tokens)}</div>;
});
