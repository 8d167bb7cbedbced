/**
 * Who a signed-in reader is, sent with a shared copy of a page (decision record 028): the server
 * splices it into the stored HTML as an inert JSON script, and the browser's header reads it once
 * the page has hydrated. Everything else on such a page is the same for every reader.
 */
export interface ReaderIsland {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

export const READER_ISLAND_ID = "gp-reader";

/**
 * The `<script>` element carrying the reader. JSON inside a script ends at the first `</script`,
 * and a name is the user's own text: `<`, `>`, `&` and the two JavaScript line separators are
 * written as escapes, so nothing in it can close the element or start markup.
 */
export function readerIslandHtml(reader: ReaderIsland): string {
  const json = JSON.stringify({
    id: reader.id,
    email: reader.email,
    name: reader.name,
    isAdmin: reader.isAdmin,
  }).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `<script type="application/json" id="${READER_ISLAND_ID}">${json}</script>`;
}

/** The reader named in the page, or null (anonymous, a full render, or unreadable). */
export function readReaderIsland(doc: Document): ReaderIsland | null {
  const text = doc.getElementById(READER_ISLAND_ID)?.textContent;
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<ReaderIsland>;
    if (typeof v.id !== "string" || typeof v.email !== "string" || typeof v.name !== "string") return null;
    return { id: v.id, email: v.email, name: v.name, isAdmin: v.isAdmin === true };
  } catch {
    return null;
  }
}
