import { z } from "zod";
import { type ActionResult, failureOf, invalid } from "#common/action-result";
import {
  ADMIN_MESSAGES,
  authSettingsSchema,
  CONTENT_ENTITIES,
  CONTENT_SCHEMAS,
  type ContentEntity,
  mailIdSchema,
  marketSettingsSchema,
  newsletterSendSchema,
  rowIdSchema,
  siteSettingsSchema,
  submissionHandledSchema,
  testEmailSchema,
  userIdSchema,
} from "#common/admin/forms";
import { AppError, displayableMessage } from "#common/errors";
import { LIMIT_NAMES, limitKey, limitsSettingsSchema } from "#common/limits";
import { feedAddressProblem } from "../news/address-guard";
import { recordAudit } from "./audit";
import { refreshFeed } from "./content/entities";
import { deleteContentItem, saveContentItem } from "./content/save";
import { retryDeadMail, testMail } from "./mail";
import { resolveHeroSymbols, saveSettings, testAiConnection } from "./site-settings";
import type { AdminDeps } from "./types";
import { grantAdminRole, revokeAdminRole, setBanned } from "./users";

/** An admin action's answer, naming its intent; `status` is the HTTP status the page answers with. */
export type AdminActionResult = ActionResult<{ message: string; data?: Record<string, unknown> }> & {
  intent: string;
  status: number;
};

export interface Actor {
  id: string;
  email: string;
}

type Form = Record<string, string>;
type Handler = (s: AdminDeps, actor: Actor, form: Form) => Promise<AdminActionResult>;

function parse<S extends z.ZodType>(schema: S, form: Form): z.output<S> {
  const parsed = schema.safeParse(form);
  if (parsed.success) return parsed.data;
  const { error, fields } = invalid(parsed.error);
  throw new AppError("bad_request:admin_form", error, fields);
}

const ok = (intent: string, message: string, data?: Record<string, unknown>): AdminActionResult => ({
  ok: true,
  intent,
  message,
  status: 200,
  data,
});

const entitySchema = z.object({
  entity: z.enum(CONTENT_ENTITIES as [ContentEntity, ...ContentEntity[]], "Unknown content type"),
  id: z
    .union([z.literal(""), z.uuid("Unknown item")])
    .optional()
    .transform((v) => v || null),
});

/** Every admin mutation by intent. Each validates first, then writes, then records an audit row. */
const HANDLERS: Record<string, Handler> = {
  async grantAdmin(s, actor, form) {
    const { userId } = parse(userIdSchema, form);
    const u = await grantAdminRole(s.db, userId);
    await recordAudit(s.db, { actorId: actor.id, action: "user.grant_admin", target: u.email });
    return ok("grantAdmin", `${u.email} is now an admin.`);
  },
  async revokeAdmin(s, actor, form) {
    const { userId } = parse(userIdSchema, form);
    const u = await revokeAdminRole(s.db, { userId, actorId: actor.id });
    await recordAudit(s.db, { actorId: actor.id, action: "user.revoke_admin", target: u.email });
    return ok("revokeAdmin", `${u.email} is no longer an admin.`);
  },
  async ban(s, actor, form) {
    const { userId } = parse(userIdSchema, form);
    const u = await setBanned(s.db, s.revokeAllSessions, { userId, actorId: actor.id, banned: true });
    await recordAudit(s.db, { actorId: actor.id, action: "user.ban", target: u.email });
    return ok("ban", `${u.email} is banned and signed out everywhere.`);
  },
  async unban(s, actor, form) {
    const { userId } = parse(userIdSchema, form);
    const u = await setBanned(s.db, s.revokeAllSessions, { userId, actorId: actor.id, banned: false });
    await recordAudit(s.db, { actorId: actor.id, action: "user.unban", target: u.email });
    return ok("unban", `${u.email} can sign in again.`);
  },

  async setHandled(s, actor, form) {
    const input = parse(submissionHandledSchema, form);
    const row = await s.siteForms.setHandled(input);
    await recordAudit(s.db, {
      actorId: actor.id,
      action: input.handled ? "inbox.handled" : "inbox.reopened",
      target: `${row.kind} from ${row.email}`,
      details: { id: row.id },
    });
    return ok("setHandled", input.handled ? "Marked as handled." : "Marked as open.");
  },

  async retryMail(s, actor, form) {
    const { id } = parse(mailIdSchema, form);
    const mail = await retryDeadMail(s.outbox, id);
    await recordAudit(s.db, {
      actorId: actor.id,
      action: "mail.retry",
      target: mail.to,
      details: { id, subject: mail.subject },
    });
    return ok("retryMail", `The mail to ${mail.to} is queued again.`);
  },

  async saveSite(s, actor, form) {
    const values = parse(siteSettingsSchema, form);
    const changed = await saveSettings(s, values);
    await recordAudit(s.db, { actorId: actor.id, action: "settings.site", details: { changed, values } });
    return ok("saveSite", "Site settings saved.");
  },
  async saveMarket(s, actor, form) {
    const values = parse(marketSettingsSchema, form);
    const heroSymbols = resolveHeroSymbols(s, values.heroSymbols);
    const changed = await saveSettings(s, { heroSymbols, marketTickMs: values.marketTickMs });
    await recordAudit(s.db, {
      actorId: actor.id,
      action: "settings.market",
      details: { changed, heroSymbols, marketTickMs: values.marketTickMs },
    });
    return ok("saveMarket", "Market settings saved.");
  },
  async saveAuth(s, actor, form) {
    const values = parse(authSettingsSchema, form);
    const changed = await saveSettings(s, values);
    await recordAudit(s.db, { actorId: actor.id, action: "settings.auth", details: { changed, values } });
    return ok("saveAuth", "Sign-in settings saved.");
  },
  async saveLimits(s, actor, form) {
    const values = parse(limitsSettingsSchema, form);
    const changed = await saveSettings(
      s,
      Object.fromEntries(LIMIT_NAMES.map((name) => [limitKey(name), values[name]])),
    );
    await recordAudit(s.db, { actorId: actor.id, action: "settings.limits", details: { changed, values } });
    return ok("saveLimits", "Limits saved.");
  },
  async testAi(s, actor) {
    const result = await testAiConnection(s.config);
    await recordAudit(s.db, {
      actorId: actor.id,
      action: "settings.test_ai",
      details: { ok: result.ok, message: result.message },
    });
    return result.ok
      ? ok("testAi", result.message)
      : { ok: false, intent: "testAi", error: result.message, status: 502 };
  },
  async testMail(s, actor, form) {
    const { testEmail } = parse(testEmailSchema, form);
    try {
      await s.outbox.transport.verify();
    } catch (err) {
      const message = `The mail transport is not reachable: ${(err as Error).message}`;
      await recordAudit(s.db, {
        actorId: actor.id,
        action: "settings.test_mail",
        target: testEmail,
        details: { ok: false },
      });
      return { ok: false, intent: "testMail", error: message, status: 502 };
    }
    await s.outbox.enqueue(testMail(testEmail, String(s.settings.get("siteName", "GulfPulse"))));
    await recordAudit(s.db, {
      actorId: actor.id,
      action: "settings.test_mail",
      target: testEmail,
      details: { ok: true },
    });
    return ok("testMail", `A test mail to ${testEmail} is queued; see the outbox for its delivery.`);
  },

  async saveContent(s, actor, form) {
    const { entity, id } = parse(entitySchema, form);
    const input = parse(CONTENT_SCHEMAS[entity] as z.ZodType, form);
    if (entity === "feeds" && !s.config.FEEDS_ALLOW_PRIVATE) {
      // Fetches are checked too (address-guard); this tells the admin at once.
      const problem = await feedAddressProblem((input as { url: string }).url);
      if (problem) throw new AppError("bad_request:feed_url", problem, { url: problem });
    }
    const saved = await saveContentItem(s, entity, id, input as never, actor.id);
    await recordAudit(s.db, {
      actorId: actor.id,
      action: `content.${entity}.${id ? "update" : "create"}`,
      target: saved.title,
      details: { id: saved.id },
    });
    return ok("saveContent", id ? "Changes saved." : "Created.", { entity, id: saved.id });
  },
  async deleteContent(s, actor, form) {
    const { entity, id } = parse(entitySchema, form);
    if (!id) throw new AppError("bad_request:admin_form", "Unknown item", { id: "Unknown item" });
    const removed = await deleteContentItem(s, entity, id);
    await recordAudit(s.db, {
      actorId: actor.id,
      action: `content.${entity}.delete`,
      target: removed.title,
      details: { id },
    });
    return ok("deleteContent", "Deleted.", { entity });
  },
  async refreshFeed(s, actor, form) {
    const { id } = parse(rowIdSchema, form);
    const feed = await refreshFeed(s.db, id);
    await recordAudit(s.db, {
      actorId: actor.id,
      action: "content.feeds.refresh",
      target: feed.name,
      details: { id },
    });
    return ok("refreshFeed", "The feed will be fetched at the next poll.");
  },

  async sendNewsletter(s, actor, form) {
    const input = parse(newsletterSendSchema, form);
    const { newsletter } = s;
    if (input.isTest) {
      await newsletter.sendTest({
        subject: input.subject,
        content: input.content,
        subjectAr: input.subjectAr,
        contentAr: input.contentAr,
        testEmail: input.testEmail,
      });
      await recordAudit(s.db, {
        actorId: actor.id,
        action: "newsletter.test",
        target: input.testEmail,
        details: { subject: input.subject },
      });
      return ok("sendNewsletter", ADMIN_MESSAGES.testNewsletterSent, { isTest: true });
    }
    const campaign = await newsletter.sendCampaign({
      subject: input.subject,
      content: input.content,
      subjectAr: input.subjectAr,
      contentAr: input.contentAr,
      frequency: input.frequency,
      createdBy: actor.id,
    });
    await recordAudit(s.db, {
      actorId: actor.id,
      action: "newsletter.send",
      target: input.subject,
      details: { ...campaign, frequency: input.frequency },
    });
    return ok("sendNewsletter", ADMIN_MESSAGES.newsletterSent, { isTest: false, ...campaign });
  },
  async testWelcome(s, actor, form) {
    const { testEmail } = parse(testEmailSchema, form);
    await s.newsletter.sendWelcome({ email: testEmail, fullName: "Test User", frequency: "weekly" });
    await recordAudit(s.db, { actorId: actor.id, action: "email.test_welcome", target: testEmail });
    return ok("testWelcome", ADMIN_MESSAGES.welcomeTestSent);
  },
  async testBrokerSelection(s, actor, form) {
    const { testEmail } = parse(testEmailSchema, form);
    await s.newsletter.sendBrokerSelection({
      email: testEmail,
      fullName: "Test User",
      brokerName: "Sample Broker",
    });
    await recordAudit(s.db, { actorId: actor.id, action: "email.test_broker_selection", target: testEmail });
    return ok("testBrokerSelection", ADMIN_MESSAGES.brokerTestSent);
  },
};

export const ADMIN_INTENTS = Object.keys(HANDLERS);

/** Runs one admin action for an already verified admin; never throws for bad input or refusals. */
export async function runAdminAction(s: AdminDeps, actor: Actor, form: Form): Promise<AdminActionResult> {
  const intent = String(form.intent ?? "");
  // Own keys only: "__proto__" or "toString" must not reach Object.prototype.
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : undefined;
  if (!handler) return { ok: false, intent, error: "Unknown action.", status: 400 };
  try {
    return await handler(s, actor, form);
  } catch (err) {
    // A failed send shows the server's message (unless it names database internals).
    const fallback = displayableMessage(err, "Something went wrong. Please try again.");
    const { status, body } = failureOf(err, fallback, (err) =>
      s.log.error({ err, intent }, "admin action failed"),
    );
    return { ...body, intent, status };
  }
}
