/** The translation feature's public types: the service and the model client it uses. */

/** An article's texts in one language: what is translated, and what comes back. */
export interface ArticleTexts {
  title: string;
  excerpt: string;
  body: string;
}

export interface Translator {
  readonly name: string;
  /** English to Arabic; throws when the model fails or answers nothing usable. */
  toArabic(texts: ArticleTexts, signal?: AbortSignal): Promise<ArticleTexts>;
}

export interface Translation {
  readonly enabled: boolean;
  /** One round: translates up to a few pending articles; how many were stored. */
  translatePending(signal?: AbortSignal): Promise<number>;
}
