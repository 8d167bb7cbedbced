import { and, count, eq, gt, sql } from "drizzle-orm";
import { fieldErrors } from "#common/action-result";
import { AppError } from "#common/errors";
import { isHoneypotFilled } from "#common/honeypot";
import { FORM_SCHEMAS, type FormKind, formErrorKey } from "#common/site-forms-schema";
import type { Db } from "../db/client";
import { formSubmissions } from "../db/schema";
import type { Logger } from "../logger";
import { formSubmissionMail } from "../mail/mails";
import type { Outbox } from "../mail/outbox";
import { createRateLimiter } from "../rate-limit/limiter";
import { listSubmissions, setHandled } from "./submissions";
import type { SiteForms } from "./types";

/** Stored submissions per IP address and form within the window (checked in the database). */
export const FORM_RATE_LIMIT = { max: 5, windowMinutes: 10 };

const TITLES: Record<FormKind, string> = {
  contact: "Contact form",
  partnership: "Partnership application",
  access: "Live market access request",
};

const LABELS: Record<string, string> = {
  name: "Name",
  email: "Email",
  subject: "Subject",
  message: "Message",
  companyName: "Company name",
  contactName: "Contact name",
  phone: "Phone",
  country: "Country",
  partnershipType: "Partnership type",
  description: "Description",
  fullName: "Full name",
  tradingExperience: "Trading experience",
  preferredMarkets: "Preferred markets",
  investmentAmount: "Investment amount",
  riskTolerance: "Risk tolerance",
  additionalInfo: "Additional information",
};

export interface SiteFormsDeps {
  db: Db;
  outbox: Outbox;
  log: Logger;
  /** MAIL_TEAM_ADDRESS: where submissions are forwarded. */
  teamAddress: string;
  rateLimit?: { max: number; windowMinutes: number };
}

/**
 * The contact, partnership and access forms: validated again here (the client's check is only a
 * convenience), stored, and forwarded to the team through the outbox in the same transaction.
 * Errors are AppErrors whose message is a "forms" i18n key.
 */
export function createSiteForms(deps: SiteFormsDeps): SiteForms {
  const { db, outbox, log } = deps;
  const limit = deps.rateLimit ?? FORM_RATE_LIMIT;
  // Every post, valid or not, counts here: invalid and spam posts store no submission to count.
  const attempts = createRateLimiter(db, { name: "form-attempts", limit: 60, windowMs: 10 * 60_000 });

  async function recentFromIp(kind: FormKind, ip: string) {
    const [row] = await db
      .select({ n: count() })
      .from(formSubmissions)
      .where(
        and(
          eq(formSubmissions.kind, kind),
          eq(formSubmissions.ip, ip),
          gt(formSubmissions.createdAt, sql`now() - make_interval(mins => ${limit.windowMinutes})`),
        ),
      );
    return Number(row?.n ?? 0);
  }

  const submit: SiteForms["submit"] = async (kind, form, meta) => {
    if (!(await attempts.hit(meta.ip))) throw new AppError("rate_limited:forms", "rateLimited");
    if (isHoneypotFilled(form)) {
      log.warn({ kind, ip: meta.ip }, "form rejected: honeypot filled");
      throw new AppError("bad_request:spam", "failed");
    }
    const parsed = FORM_SCHEMAS[kind].safeParse(form);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      throw new AppError("bad_request:validation", formErrorKey(fields), fields);
    }
    if ((await recentFromIp(kind, meta.ip)) >= limit.max) {
      log.warn({ kind, ip: meta.ip }, "form rejected: rate limit");
      throw new AppError("rate_limited:forms", "rateLimited");
    }
    const payload = Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, String(v)]));
    const email = payload.email!;
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(formSubmissions)
        .values({ kind, email, payload, ip: meta.ip })
        .returning({ id: formSubmissions.id, createdAt: formSubmissions.createdAt });
      const sender = payload.name ?? payload.contactName ?? payload.fullName ?? email;
      await outbox.enqueue(
        formSubmissionMail({
          submissionId: row!.id,
          to: deps.teamAddress,
          replyTo: email,
          title: `${TITLES[kind]}: ${sender}`.replace(/[\r\n]+/g, " ").slice(0, 200),
          fields: Object.entries(payload).map(([k, v]) => [LABELS[k] ?? k, v]),
          submittedAt: row!.createdAt,
        }),
        tx as unknown as Db,
      );
      return row!.id;
    });
    log.info({ kind, submissionId: id }, "form submission stored");
    return { id };
  };

  return {
    submit,
    submissions: (opts) => listSubmissions(db, opts),
    setHandled: (input) => setHandled(db, input),
  };
}
