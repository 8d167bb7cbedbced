import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { articles } from "../db/schema";

/**
 * The articles' machine translations: which published articles have no Arabic version yet, and
 * storing the model's Arabic once, marked machine-translated. An editor's Arabic always wins: a
 * translation is stored only while the Arabic fields are still empty.
 */

export interface ArticleToTranslate {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  bodyMarkdown: string;
}

export interface ArabicFields {
  titleAr: string;
  excerptAr: string;
  bodyMarkdownAr: string;
}

export interface ArticleTranslations {
  /** Published articles with neither an Arabic title nor an Arabic body, oldest first. */
  pending(limit: number): Promise<ArticleToTranslate[]>;
  /** Stores the Arabic as machine-translated; false when an editor wrote Arabic meanwhile. */
  save(id: string, fields: ArabicFields): Promise<boolean>;
}

const noArabic = () => and(isNull(articles.titleAr), isNull(articles.bodyMarkdownAr))!;

export function articleTranslations(db: Db): ArticleTranslations {
  return {
    pending: (limit) =>
      db
        .select({
          id: articles.id,
          slug: articles.slug,
          title: articles.title,
          excerpt: articles.excerpt,
          bodyMarkdown: articles.bodyMarkdown,
        })
        .from(articles)
        .where(and(eq(articles.published, true), noArabic()))
        .orderBy(asc(articles.publishedAt), asc(articles.id))
        .limit(limit),
    async save(id, fields) {
      const rows = await db
        .update(articles)
        .set({
          titleAr: fields.titleAr,
          excerptAr: fields.excerptAr || null,
          bodyMarkdownAr: fields.bodyMarkdownAr || null,
          arMachineTranslated: true,
        })
        .where(and(eq(articles.id, id), noArabic()))
        .returning({ id: articles.id });
      return rows.length > 0;
    },
  };
}

type EditableFields = Partial<
  Record<"title" | "excerpt" | "bodyMarkdown" | "titleAr" | "excerptAr" | "bodyMarkdownAr", string | null>
>;

/**
 * What an editor's save does to a machine translation: Arabic they changed is theirs (no longer
 * labelled machine-translated); English they changed while keeping the model's Arabic makes that
 * Arabic stale, so it is cleared and translated again. Anything else keeps it as it is.
 */
export function machineTranslationOnEdit(
  current: EditableFields & { arMachineTranslated: boolean },
  patch: EditableFields,
): Partial<{ arMachineTranslated: boolean; titleAr: null; excerptAr: null; bodyMarkdownAr: null }> {
  if (!current.arMachineTranslated) return {};
  const changed = (key: keyof EditableFields) =>
    key in patch && (patch[key] || null) !== (current[key] || null);
  if (changed("titleAr") || changed("excerptAr") || changed("bodyMarkdownAr")) {
    return { arMachineTranslated: false };
  }
  if (changed("title") || changed("excerpt") || changed("bodyMarkdown")) {
    return { arMachineTranslated: false, titleAr: null, excerptAr: null, bodyMarkdownAr: null };
  }
  return {};
}
