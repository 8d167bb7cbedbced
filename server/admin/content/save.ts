import type { ContentEntity, ContentInput } from "#common/admin/forms";
import type { ContentService } from "#server/content/types";
import type { Db } from "#server/db/client";
import { createContent, deleteContent, updateContent } from "./entities";

/**
 * Articles, brokers and the blacklist are written through the content service, so the admin and
 * the public pages share one set of rules (slugs, conflicts, Markdown).
 * Calendar events, education cards and feeds have no such service: the admin writes their tables.
 */
export async function saveContentItem<E extends ContentEntity>(
  deps: { db: Db; content: ContentService },
  entity: E,
  id: string | null,
  input: ContentInput<E>,
  actorId: string,
): Promise<{ id: string; title: string }> {
  const { content } = deps;
  if (entity === "articles") {
    const i = input as ContentInput<"articles">;
    const a = id
      ? await content.articles.update(id, i)
      : await content.articles.create({ ...i, authorId: actorId });
    return { id: a.id, title: a.title };
  }
  if (entity === "brokers") {
    const i = input as ContentInput<"brokers">;
    const b = id ? await content.brokers.update(id, i) : await content.brokers.create(i);
    return { id: b.id, title: b.name };
  }
  if (entity === "blacklist") {
    const i = input as ContentInput<"blacklist">;
    const e = id ? await content.blacklist.update(id, i) : await content.blacklist.create(i);
    return { id: e.id, title: e.name };
  }
  const saved = id
    ? await updateContent(deps.db, entity, id, input)
    : await createContent(deps.db, entity, input, { actorId });
  return { id: saved.row.id, title: saved.title };
}

export async function deleteContentItem(
  deps: { db: Db; content: ContentService },
  entity: ContentEntity,
  id: string,
): Promise<{ title: string }> {
  const { content } = deps;
  if (entity === "articles") {
    const { title } = await content.articles.getById(id);
    await content.articles.delete(id);
    return { title };
  }
  if (entity === "brokers") {
    const { name } = await content.brokers.get(id);
    await content.brokers.delete(id);
    return { title: name };
  }
  if (entity === "blacklist") {
    const { name } = await content.blacklist.get(id);
    await content.blacklist.delete(id);
    return { title: name };
  }
  return deleteContent(deps.db, entity, id);
}
