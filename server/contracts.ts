/**
 * What features need from each other. Each domain implements its interface in its own folder and
 * is wired in services.ts; consumers depend on these shapes only.
 */
import type { MarketService } from "./market/types";

export type { MarketService };

export type AlertType = "above" | "below" | "change_percent";

export interface PriceAlertRow {
  id: string;
  userId: string;
  symbol: string;
  alertType: AlertType;
  targetValue: number;
  currentValue: number | null;
  isActive: boolean;
  isTriggered: boolean;
  notifyEmail: boolean;
  createdAt: Date;
}

/** Every method is scoped by userId in its query. Errors are AppError with the user's message. */
export interface AlertsService {
  list(userId: string): Promise<PriceAlertRow[]>;
  create(
    userId: string,
    input: { symbol: string; alertType: AlertType; targetValue: number; notifyEmail?: boolean },
  ): Promise<PriceAlertRow>;
}

export interface NewsItem {
  id: string;
  title: string;
  description: string; // sanitized HTML
  link: string | null;
  pubDate: Date;
  source: string;
  category: string;
  guid: string | null;
}

export interface NewsService {
  latest(opts?: { topic?: string; category?: string; limit?: number }): Promise<NewsItem[]>;
}

export interface EconomicEvent {
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  country: string;
  category: string;
  importance: "high" | "medium" | "low";
  impact: string;
  forecast: string | null;
  previous: string | null;
}

export interface CalendarService {
  upcoming(opts?: {
    days?: number;
    country?: string;
    importance?: EconomicEvent["importance"];
  }): Promise<EconomicEvent[]>;
}

export type Frequency = "daily" | "weekly" | "monthly";

export interface NewsletterService {
  subscribers(opts: { page: number; pageSize: number; query?: string }): Promise<{
    rows: Array<{
      id: string;
      email: string;
      fullName: string;
      company: string | null;
      interests: string | null;
      frequency: Frequency;
      isActive: boolean;
      subscribedAt: Date;
    }>;
    total: number;
  }>;
  stats(): Promise<{ total: number; active: number; daily: number; weekly: number; monthly: number }>;
  /** Queues one mail per active subscriber of the frequency; returns the campaign. */
  sendCampaign(input: {
    subject: string;
    content: string;
    frequency: Frequency;
    createdBy: string;
  }): Promise<{
    campaignId: string;
    queued: number;
  }>;
  sendTest(input: { subject: string; content: string; testEmail: string }): Promise<void>;
  campaigns(): Promise<
    Array<{
      id: string;
      subject: string;
      frequency: Frequency;
      createdAt: Date;
      total: number;
      sent: number;
      failed: number;
      pending: number;
    }>
  >;
  sendWelcome(input: { email: string; fullName: string; frequency: Frequency }): Promise<void>;
  sendBrokerSelection(input: { email: string; fullName: string; brokerName: string }): Promise<void>;
  /** For the admin's template previews: each template rendered with sample data. */
  previews(): Array<{ id: string; name: string; subject: string; html: string; text: string }>;
}
