import { data } from "react-router";
import { type ActionResult, failureOf, invalid } from "#common/action-result";
import { AppError } from "#common/errors";
import { toLang } from "#common/locale";
import { localSymbolsSchema, WATCHLIST_MESSAGES, watchlistAlertSchema } from "#common/watchlist-schema";
import type { Watchlists } from "#server/watchlists/types";
import { getUser, services } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import type { Route } from "./+types/api.watchlists";

const headers = { "Cache-Control": "no-store" };
const reply = (body: ActionResult<Record<string, unknown>>, status = 200) => data(body, { status, headers });
const signInFirst = () => reply({ ok: false, error: "Sign in to use watchlists" }, 401);

/** GET /api/watchlists: the signed-in user's lists with their symbols (the add-to-watchlist menu). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  if (!user) return signInFirst();
  const lists = await services(context).watchlists.list(user.id);
  return reply({
    ok: true,
    lists: lists.map((l) => ({ id: l.id, name: l.name, symbols: l.items.map((i) => i.symbol) })),
  });
}

/** A list of values sent as one field per entry (`ids=a&ids=b`), in order. */
const all = (form: FormData, key: string) =>
  form.getAll(key).filter((v): v is string => typeof v === "string");
/** A single-valued field; sent twice it is refused (which of the two was meant is anyone's guess). */
const one = (form: FormData, key: string) => {
  const values = form.getAll(key);
  if (values.length > 1) throw new AppError("bad_request:watchlist_field", `Send the field "${key}" once.`);
  return typeof values[0] === "string" ? values[0] : "";
};

async function run(
  w: Watchlists,
  userId: string,
  form: FormData,
  lang: "en" | "ar",
): Promise<ActionResult<Record<string, unknown>>> {
  const id = one(form, "id");
  switch (one(form, "intent")) {
    case "create": {
      // "New list" in the add-to-watchlist menu creates the list with the instrument on it.
      const list = await w.create(
        userId,
        one(form, "name"),
        form.has("symbol") ? one(form, "symbol") : undefined,
      );
      return { ok: true, id: list.id };
    }
    case "rename":
      await w.rename(userId, id, one(form, "name"));
      return { ok: true };
    case "delete":
      await w.remove(userId, id);
      return { ok: true };
    case "reorder":
      await w.reorder(userId, all(form, "ids"));
      return { ok: true };
    case "add":
      return { ok: true, symbol: await w.addItem(userId, id, one(form, "symbol")) };
    case "remove":
      await w.removeItem(userId, id, one(form, "symbol"));
      return { ok: true };
    case "reorder-items":
      await w.reorderItems(userId, id, all(form, "symbols"));
      return { ok: true };
    case "merge": {
      const parsed = localSymbolsSchema.safeParse(all(form, "symbols"));
      if (!parsed.success) return { ok: false, error: WATCHLIST_MESSAGES.symbolRequired };
      return { ok: true, ...(await w.mergeLocal(userId, parsed.data, lang)) };
    }
    case "alert": {
      const parsed = watchlistAlertSchema.safeParse({
        kind: one(form, "kind"),
        percent: one(form, "percent"),
        windowMinutes: one(form, "windowMinutes") || undefined,
        notifyEmail: one(form, "notifyEmail"),
      });
      if (!parsed.success) return invalid(parsed.error);
      return { ok: true, count: (await w.setAlert(userId, id, parsed.data)).count };
    }
    case "clear-alert":
      await w.clearAlert(userId, id);
      return { ok: true };
    default:
      return { ok: false, error: "Unknown action" };
  }
}

/**
 * POST /api/watchlists (a form with `intent`): create, rename, delete, reorder, add, remove,
 * reorder-items, merge (the local list on sign-in), alert and clear-alert. Answers the shared
 * action result; a refusal changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return reply({ ok: false, error: "Method not allowed." }, 405);
  const s = services(context);
  // The form is read even for a refusal: answering before the body arrived resets the connection.
  const form = await readForm(request);
  const user = await getUser(request, context);
  if (!user) return signInFirst();
  try {
    const result = await run(s.watchlists, user.id, form, toLang(one(form, "lang")));
    return reply(result, result.ok ? 200 : 400);
  } catch (err) {
    const { status, body } = failureOf(err, "Something went wrong. Please try again.", (e) =>
      s.log.error({ err: e }, "watchlists: action failed"),
    );
    return reply(body, status);
  }
}
