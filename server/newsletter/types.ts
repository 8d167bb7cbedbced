/** The newsletter's public types: what the admin area and the mail templates use. */
import type { Frequency } from "#common/newsletter-schema";

export type { Frequency };

export interface NewsletterSubscriber {
  id: string;
  email: string;
  fullName: string;
  company: string | null;
  interests: string | null;
  frequency: Frequency;
  isActive: boolean;
  subscribedAt: Date;
}

/** Delivery progress of one campaign, counted from its outbox rows. */
export interface CampaignProgress {
  id: string;
  subject: string;
  frequency: Frequency;
  status: "queued" | "sending" | "done";
  createdAt: Date;
  completedAt: Date | null;
  /** Outbox rows queued for the campaign. */
  total: number;
  sent: number;
  /** Dead: every attempt failed (an admin can retry them). */
  failed: number;
  /** Still to be delivered (including retries after a failure). */
  pending: number;
}

export interface NewsletterService {
  /** Active subscribers, newest subscribed_at first; `includeInactive` lists everyone. */
  subscribers(opts: { page: number; pageSize: number; query?: string; includeInactive?: boolean }): Promise<{
    rows: NewsletterSubscriber[];
    total: number;
  }>;
  /** total = every row; active and the per-frequency counts only count active subscribers. */
  stats(): Promise<{ total: number; active: number; daily: number; weekly: number; monthly: number }>;
  /**
   * The subscribe modals. A duplicate active email (case-insensitive) throws
   * AppError "conflict:newsletter_duplicate" 'Email already subscribed to newsletter'; an
   * unsubscribed email is subscribed again. A full-form signup queues the welcome mail.
   */
  subscribe(
    input: {
      source: "full" | "community";
      fullName: string;
      email: string;
      company?: string;
      interests?: string;
      frequency?: Frequency;
    },
    /**
     * The client's address, for the per-IP signup limit (AppError "rate_limited:newsletter"), and
     * the language of the page the visitor subscribed from ('en' | 'ar'; their mails use it).
     */
    meta?: { ip?: string; locale?: string },
  ): Promise<{ id: string; email: string }>;
  /** The subscriber a signed unsubscribe token names, or null if the token is invalid. */
  unsubscribeInfo(token: string): Promise<{ email: string; isActive: boolean } | null>;
  /** Sets is_active false; idempotent. Null if the token is invalid. */
  unsubscribe(token: string): Promise<{ email: string } | null>;
  /**
   * Queues one mail per active subscriber of the frequency, each in the subscriber's language: the
   * Arabic version (subjectAr and contentAr, optional) to Arabic subscribers, else the English.
   */
  sendCampaign(input: {
    subject: string;
    content: string;
    subjectAr?: string | null;
    contentAr?: string | null;
    frequency: Frequency;
    createdBy?: string | null;
  }): Promise<{
    campaignId: string;
    queued: number;
  }>;
  /** The English version to the test address, and the Arabic one too when given. */
  sendTest(input: {
    subject: string;
    content: string;
    subjectAr?: string | null;
    contentAr?: string | null;
    testEmail: string;
  }): Promise<void>;
  /** Recent campaigns (tests excluded), newest first, with delivery progress. */
  campaigns(opts?: { limit?: number }): Promise<CampaignProgress[]>;
  campaign(id: string): Promise<CampaignProgress | null>;
  sendWelcome(input: { email: string; fullName: string; frequency: Frequency }): Promise<void>;
  sendBrokerSelection(input: { email: string; fullName: string; brokerName: string }): Promise<void>;
  /** For the admin's template previews: each template rendered with sample data. */
  previews(): Array<{ id: string; name: string; subject: string; html: string; text: string }>;
}
