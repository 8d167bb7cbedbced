/**
 * No cache ever hands one user's data to another: two users sign in in turn on one process (the
 * real Express app, page cache and session cache on), then browse side by side, then a visitor
 * comes without a session. Every per-user value — name and email in the header, the admin menu,
 * alerts, notifications (the bell's unread count comes from them), chat history, watchlists, the
 * calendar's saved time zone, portfolios — is a marker unique to its owner, and every page and per-user API is
 * searched for the other user's markers and, anonymously, for anyone's. On PostgreSQL the site is
 * the production build in its own process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAdmin } from "../auth/roles";
import { createConversation } from "../chat/conversations";
import { alertNotifications } from "../db/schema";
import type { Services } from "../services";
import { ensureBuild, readyz, startAppProcess, stopAll } from "../testing/app-process";
import { signUpVerified, TEST_PASSWORD } from "../testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { freePort, waitFor } from "../testing/net";
import { isPostgresRun } from "../testing/test-db";
import { createTestServices } from "../testing/test-services";

const ORIGIN = "http://localhost:3000";
let s: Services;
let app: TestHttpApp;

const PAGES = [
  "/",
  "/ar",
  "/price-alerts",
  "/price-alerts?tab=notifications",
  "/price-alerts?tab=history",
  "/ar/price-alerts",
  "/watchlists",
  "/account",
  "/news-analytics",
  "/live-markets",
  "/about",
  "/search?q=oil",
  "/admin",
  "/api/notifications",
  "/api/chat/conversations",
  "/api/watchlists",
  "/portfolio",
  "/api/portfolios",
];

interface Person {
  email: string;
  name: string;
  admin: boolean;
  zone: string;
  /** Strings only this person's pages may contain. */
  markers: string[];
}

async function seed(email: string, name: string, zone: string, admin: boolean): Promise<Person> {
  const id = await signUpVerified(s, email, name);
  if (admin) await grantAdmin(s.db, id);
  const alert = await s.alerts.create(id, { symbol: "BTC", alertType: "above", targetValue: 999_999 });
  const [note] = await s.db
    .insert(alertNotifications)
    .values({ userId: id, title: `${name} alert fired`, message: `${name}'s private message` })
    .returning();
  const chat = await createConversation(s.db, { userId: id, title: `${name} asks about oil` });
  const list = await s.watchlists.create(id, `${name} watchlist`);
  await s.calendar.timeZones.set(id, zone);
  const portfolio = await s.portfolios.create(id, { name: `${name} portfolio`, baseCurrency: "SAR" });
  return {
    email,
    name,
    admin,
    zone,
    markers: [
      email,
      name,
      alert.id,
      note!.id,
      `${name}'s private message`,
      chat.id,
      list.id,
      zone,
      portfolio.id,
    ],
  };
}

let alya: Person;
let badr: Person;

const ENV = {
  PUBLIC_URL: ORIGIN,
  REQUIRE_EMAIL_VERIFICATION: "false",
  AUTH_SECRET: "no-leak-secret-no-leak-secret-no-leak-secret",
};

/**
 * On PostgreSQL (npm run test:pg) the site is the production build in its own process, and the
 * test seeds the same database through its own services; on PGlite, the real Express app with the
 * route modules compiled in-process.
 */
async function startSite(): Promise<{ services: Services; site: TestHttpApp }> {
  if (!isPostgresRun()) {
    const services = await createTestServices(ENV);
    return { services, site: await startTestHttpApp(services) };
  }
  const services = await createTestServices({ ...ENV, JOBS_ENABLED: "false" });
  const [{ name }] = (await services.database.query<{ name: string }>(
    "select current_database() as name",
  )) as [{ name: string }];
  const dbUrl = new URL(process.env.TEST_DATABASE_URL!);
  dbUrl.pathname = `/${name}`;
  ensureBuild();
  const proc = startAppProcess(await freePort(), {
    ...ENV,
    DATABASE_URL: dbUrl.toString(),
    JOBS_ENABLED: "false",
  });
  await waitFor("the app process", () => readyz(proc), 90_000, 250).catch((err) => {
    throw new Error(`${err.message}\n${proc.output()}`);
  });
  return { services, site: { url: proc.base, close: () => stopAll([proc]) } };
}

beforeAll(async () => {
  ({ services: s, site: app } = await startSite());
  alya = await seed("alya.marker@example.com", "Alya Marker", "Pacific/Chatham", true);
  badr = await seed("badr.other@example.com", "Badr Other", "America/Sao_Paulo", false);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await s?.close();
});

async function signIn(email: string) {
  const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function signOut(cookie: string) {
  await fetch(`${app.url}/auth/sign-out`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN },
    redirect: "manual",
  });
}

/** Every page and API as one visitor sees them, path -> body. */
async function browse(cookie?: string) {
  const bodies = new Map<string, string>();
  for (const path of PAGES) {
    const res = await fetch(app.url + path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    bodies.set(path, await res.text());
  }
  return bodies;
}

const ADMIN_MENU = "/admin?tab=users";

function expectNone(bodies: Map<string, string>, markers: string[], who: string) {
  for (const [path, body] of bodies) {
    for (const marker of markers)
      expect(body.includes(marker), `${who} sees "${marker}" on ${path}`).toBe(false);
  }
}

/** The test means something only if each of the owner's markers shows on some page of theirs. */
function expectAll(bodies: Map<string, string>, person: Person) {
  const all = [...bodies.values()].join("\n");
  for (const marker of person.markers)
    expect(all.includes(marker), `${person.email} sees own "${marker}"`).toBe(true);
  expect(all.includes(ADMIN_MENU), `${person.email} admin menu`).toBe(person.admin);
}

describe("one process, two users in turn, then nobody", () => {
  it("each sees only their own values; an anonymous visitor sees nobody's", async () => {
    const alyaCookie = await signIn(alya.email);
    const alyaPages = await browse(alyaCookie);
    expectAll(alyaPages, alya);
    expectNone(alyaPages, badr.markers, alya.email);
    await signOut(alyaCookie);

    const badrCookie = await signIn(badr.email);
    const badrPages = await browse(badrCookie);
    expectAll(badrPages, badr);
    expectNone(badrPages, [...alya.markers, ADMIN_MENU], badr.email);

    // Alya is back on another device while Badr still browses: both at once, several rounds.
    const alyaAgain = await signIn(alya.email);
    const rounds = await Promise.all([
      browse(alyaAgain),
      browse(badrCookie),
      browse(alyaAgain),
      browse(badrCookie),
    ]);
    expectNone(rounds[0]!, badr.markers, alya.email);
    expectNone(rounds[2]!, badr.markers, alya.email);
    expectNone(rounds[1]!, [...alya.markers, ADMIN_MENU], badr.email);
    expectNone(rounds[3]!, [...alya.markers, ADMIN_MENU], badr.email);

    for (const prefs of [
      undefined,
      "theme=dark; digits=arab",
      `lang=ar; tz=${encodeURIComponent("Asia/Dubai")}`,
    ]) {
      const anonymous = await browse(prefs);
      expectNone(
        anonymous,
        [...alya.markers, ...badr.markers, ADMIN_MENU],
        `anonymous (${prefs ?? "no cookie"})`,
      );
    }
  });
});
