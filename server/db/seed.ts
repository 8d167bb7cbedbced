import { seedCalendar } from "../calendar";
import { seedContent } from "../content";
import { seedEducation, seedNewsFeeds } from "../news/seed";
import type { Services } from "../services";

/** A demo-content seeder: idempotent (insert ... on conflict do nothing); returns rows added. */
export type Seed = (s: Services) => Promise<number>;

/**
 * Every feature's seeder, in dependency order. They run at each start (so the embedded default is
 * never empty) and from `npm run db:seed`.
 */
const seeds: Record<string, Seed> = {
  newsFeeds: seedNewsFeeds,
  educationCards: seedEducation,
  economicCalendar: seedCalendar,
  content: seedContent,
};

export async function runSeeds(s: Services): Promise<Record<string, number>> {
  const report: Record<string, number> = {};
  for (const [name, seed] of Object.entries(seeds)) report[name] = await seed(s);
  return report;
}
