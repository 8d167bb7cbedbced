/** The economic calendar's public types: what other features (chat, search, iCal) read. */
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
  /** The released figure (from the source or an editor); null before the release. */
  actual?: string | null;
  /** schedule: generated from the usual pattern; forexfactory: the weekly feed; editor: typed in the admin. */
  source?: "schedule" | "forexfactory" | "editor";
  confidence?: "confirmed" | "expected" | "schedule";
  sourceUrl?: string | null;
  status?: "scheduled" | "cancelled";
  series?: string | null;
}

export interface CalendarService {
  upcoming(opts?: {
    days?: number;
    country?: string;
    importance?: EconomicEvent["importance"];
    category?: string;
  }): Promise<EconomicEvent[]>;
}
