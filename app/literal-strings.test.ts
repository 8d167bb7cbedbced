import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { type Node, type SourceFile, SyntaxKind } from "typescript/unstable/ast";
import { API } from "typescript/unstable/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Every text a component shows must come from the message catalog (app/locales), or the Arabic
 * pages show English. This parses each .tsx file with the TypeScript compiler and reports literal
 * text in JSX, in user-visible attributes and props, and in user-visible object fields (toasts,
 * meta titles).
 */

const ROOT = resolve(import.meta.dirname, "..");
const SCANNED_DIRS = ["app", "server/mail/templates"];
/** Files whose text is not for the site's readers, with the reason. */
const NOT_FOR_READERS = new Set([
  // Forwards a site form to the team's inbox, in the team's working language (English).
  "server/mail/templates/form-submission.tsx",
]);

/** Attributes and props whose value reaches the screen or a screen reader. */
const VISIBLE_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-placeholder",
  "aria-roledescription",
  "aria-valuetext",
  "title",
  "alt",
  "placeholder",
  "label",
  "description",
  "heading",
  "subtitle",
  "text",
  "message",
  "emptyText",
  "emptyTitle",
  "hint",
  "help",
  "cta",
]);
/** Object fields that become visible text (toast({ title, description }), meta titles). */
const VISIBLE_FIELDS = new Set([
  "title",
  "description",
  "label",
  "placeholder",
  "message",
  "heading",
  "subtitle",
]);

/**
 * Literal texts that are not language, each with the reason. Everything else with a letter in it
 * belongs in app/locales/<lang>/<namespace>.json.
 */
const ALLOWED: Record<string, string> = {
  GulfPulse: "brand name, the same in every language",
  "you@example.com": "an example e-mail address (admin test-mail fields), not language",
  "Unknown action":
    "price-alerts action reply to a crafted request only; the page never sends another intent",
};

type Finding = { file: string; line: number; text: string };

const hasLetter = (text: string) => /\p{L}/u.test(text);

/** The literal strings an expression can evaluate to: "a", cond ? "a" : "b", x ?? "a", `a${x}`. */
function literalTexts(node: Node | undefined): Node[] {
  if (!node) return [];
  const n = node as Node & Record<string, Node | undefined>;
  switch (node.kind) {
    case SyntaxKind.StringLiteral:
    case SyntaxKind.NoSubstitutionTemplateLiteral:
      return [node];
    case SyntaxKind.TemplateExpression: {
      const spans = (n.templateSpans as unknown as { literal: Node }[]).map((span) => span.literal);
      return [n.head!, ...spans];
    }
    case SyntaxKind.ParenthesizedExpression:
    case SyntaxKind.JsxExpression:
      return literalTexts(n.expression);
    case SyntaxKind.ConditionalExpression:
      return [...literalTexts(n.whenTrue), ...literalTexts(n.whenFalse)];
    case SyntaxKind.BinaryExpression: {
      const op = n.operatorToken!.kind;
      // `a && "text"` renders the text; `a || "text"` and `a ?? "text"` may render either side.
      if (op === SyntaxKind.AmpersandAmpersandToken) return literalTexts(n.right);
      if (
        op === SyntaxKind.BarBarToken ||
        op === SyntaxKind.QuestionQuestionToken ||
        op === SyntaxKind.PlusToken
      ) {
        return [...literalTexts(n.left), ...literalTexts(n.right)];
      }
      return [];
    }
    default:
      return [];
  }
}

const nameOf = (node: Node | undefined) => (node as { text?: string } | undefined)?.text ?? "";

function findLiterals(file: SourceFile, displayName: string): Finding[] {
  const findings: Finding[] = [];
  const report = (node: Node, raw: string) => {
    const text = raw.replace(/\s+/g, " ").trim();
    if (!hasLetter(text) || ALLOWED[text]) return;
    const start =
      node.pos +
      (file.text.slice(node.pos, node.end).length - file.text.slice(node.pos, node.end).trimStart().length);
    findings.push({ file: displayName, line: file.getLineAndCharacterOfPosition(start).line + 1, text });
  };
  const reportLiterals = (expression: Node | undefined) => {
    for (const literal of literalTexts(expression))
      report(literal, (literal as { text?: string }).text ?? "");
  };
  const visit = (node: Node) => {
    const n = node as Node & Record<string, Node | undefined>;
    if (node.kind === SyntaxKind.JsxText) {
      report(node, (node as { text?: string }).text ?? "");
    } else if (node.kind === SyntaxKind.JsxExpression && node.parent?.kind !== SyntaxKind.JsxAttribute) {
      reportLiterals(n.expression);
    } else if (node.kind === SyntaxKind.JsxAttribute && VISIBLE_ATTRIBUTES.has(nameOf(n.name))) {
      reportLiterals(n.initializer);
    } else if (node.kind === SyntaxKind.PropertyAssignment && VISIBLE_FIELDS.has(nameOf(n.name))) {
      reportLiterals(n.initializer);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return findings;
}

function tsxFiles(): string[] {
  return SCANNED_DIRS.flatMap((dir) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
      .filter((path) => path.endsWith(".tsx") && !path.endsWith(".test.tsx"))
      .filter((path) => !NOT_FOR_READERS.has(join(dir, path)))
      .map((path) => join(ROOT, dir, path)),
  );
}

// A known-bad component, parsed with the real files, proves the scanner still catches each form.
const FIXTURE = `
export function Bad({ ok }: { ok: boolean }) {
  toast({ title: "Saved" });
  return (
    <div aria-label="Close dialog" title={ok ? "Yes" : "No"}>
      Hello there
      {ok && "Shown when ok"}
      <img alt="" />
      <span>GulfPulse</span>
      <span>{"·"} 42 %</span>
      <Field label={\`Price \${1}\`} />
    </div>
  );
}`;

let findings: Finding[] = [];
let fixtureFindings: Finding[] = [];
let scratch = "";

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "literal-strings-"));
  const fixture = join(scratch, "fixture.tsx");
  writeFileSync(fixture, FIXTURE);
  const files = tsxFiles();
  // Parsing only: no libraries, no module resolution, so the whole scan takes well under a second.
  writeFileSync(
    join(scratch, "tsconfig.json"),
    JSON.stringify({
      files: [...files, fixture],
      compilerOptions: { jsx: "preserve", noResolve: true, noLib: true, types: [] },
    }),
  );
  const api = new API({ cwd: scratch });
  try {
    const program = api
      .updateSnapshot({ openProject: join(scratch, "tsconfig.json") })
      .getProjects()[0]!.program;
    findings = files.flatMap((path) => findLiterals(program.getSourceFile(path)!, relative(ROOT, path)));
    fixtureFindings = findLiterals(program.getSourceFile(fixture)!, "fixture.tsx");
  } finally {
    api.close();
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("literal strings in components", () => {
  it("the scanner finds text in JSX, visible attributes, conditional values, templates and toasts", () => {
    expect(fixtureFindings.map((f) => f.text)).toEqual([
      "Saved",
      "Close dialog",
      "Yes",
      "No",
      "Hello there",
      "Shown when ok",
      "Price",
    ]);
  });

  it("no component renders a literal user-visible string outside the catalog", () => {
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });
});
