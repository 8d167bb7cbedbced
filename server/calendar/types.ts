import type { ICalEvent } from "#common/ical";

/**
 * The economic calendar's public types: what other features (chat, search, iCal) read. An event is
 * what the iCalendar feed shows of it (`actual`: the released figure, from the source or an editor,
 * null before the release) plus where it came from.
 */
export interface EconomicEvent extends ICalEvent {
  /** schedule: generated from the usual pattern; forexfactory: the weekly feed; editor: typed in the admin. */
  source?: "schedule" | "forexfactory" | "editor";
  sourceUrl?: string | null;
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
