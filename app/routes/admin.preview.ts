import { requireAdmin, services } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import type { Route } from "./+types/admin.preview";

const MAX_MARKDOWN = 50_000;

/** POST markdown -> the sanitized HTML an article body will show (the editor's preview). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const markdown = String((await readForm(request)).get("markdown") ?? "");
  if (markdown.length > MAX_MARKDOWN) {
    return Response.json({ html: "", error: "Body must be at most 50,000 characters" }, { status: 400 });
  }
  return Response.json({ html: services(context).admin.renderMarkdown(markdown) });
}
