import type { AdminService } from "../admin/service";
import type { CalendarFeature } from "../calendar/service";
import type { ContentService } from "../content/types";
import type { News } from "../news/service";
import type { SearchService } from "../search/types";
import type { SharedSnapshots } from "./shared-snapshots";

/** The reads of the public pages that are the same for every reader, from shared snapshots. */
export interface SharedReads {
  home: ContentService["home"];
  newsPage: ContentService["newsPage"];
  dashboard: News["dashboard"];
  education: News["education"];
  /** The calendar's coming events for a filter (always from now: a reader's own moment is not shared). */
  upcoming(
    opts?: Omit<Parameters<CalendarFeature["upcoming"]>[0] & {}, "now">,
  ): ReturnType<CalendarFeature["upcoming"]>;
  search: SearchService["search"];
}

/**
 * Page reads that are the same for every reader, served from shared snapshots
 * (./shared-snapshots.ts) as `services.shared`, and the features' writes wrapped to
 * announce a change of them. The features themselves stay plain database readers, so their own
 * tests and the other features (chat tools, SEO) see every write at once.
 *
 * Who announces what: an admin action may touch any editorial table (articles, brokers, the
 * blacklist, education cards, feeds, calendar rows), so a successful one announces every topic;
 * the calendar editor announces the calendar, 'Refresh Analysis' and the news poll
 * (server/news/service.ts) the news; a reload of the listed companies the listings.
 */
export function withSharedReads(
  snapshots: SharedSnapshots,
  f: {
    content: ContentService;
    news: News;
    calendar: CalendarFeature;
    search: SearchService;
    admin: AdminService;
  },
) {
  const { content, news, calendar, search, admin } = f;
  const shared: SharedReads = {
    home: () => snapshots.read(["content"], "home", () => content.home()),
    newsPage: (section, opts = {}) =>
      snapshots.read(
        ["content", "news"],
        `newsPage:${section}:${opts.latestLimit ?? ""}:${opts.language ?? ""}`,
        () => content.newsPage(section, opts),
      ),
    dashboard: (language) =>
      snapshots.read(["news"], `dashboard:${language ?? ""}`, () => news.dashboard(language)),
    education: () => snapshots.read(["content"], "education", () => news.education()),
    upcoming: (opts = {}) =>
      snapshots.read(
        ["calendar"],
        `upcoming:${opts.days ?? ""}:${opts.country ?? ""}:${opts.importance ?? ""}:${opts.category ?? ""}`,
        () => calendar.upcoming(opts),
      ),
    search: (query, opts = {}) =>
      snapshots.read(["content", "news", "listings"], `search:${opts.limit ?? ""}:${query.trim()}`, () =>
        search.search(query, opts),
      ),
  };
  return {
    shared,
    news: {
      ...news,
      async refreshAnalysis(by) {
        const result = await news.refreshAnalysis(by);
        // Nothing recomputed (a refused or repeated press, the AI cool-down): every reader's copy stands.
        if (result.recomputed > 0) await snapshots.changed("news");
        return result;
      },
    } satisfies News,
    calendar: {
      ...calendar,
      editor: {
        ...calendar.editor,
        async save(actorId, form) {
          const saved = await calendar.editor.save(actorId, form);
          await snapshots.changed("calendar");
          return saved;
        },
      },
    } satisfies CalendarFeature,
    admin: {
      ...admin,
      async run(...args: Parameters<AdminService["run"]>) {
        const result = await admin.run(...args);
        if (result.ok) await snapshots.changed("content", "news", "calendar");
        return result;
      },
    } satisfies AdminService,
  };
}
