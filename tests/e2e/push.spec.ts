import { createECDH, randomBytes } from "node:crypto";
import { baseURL } from "../../playwright.config";
import { expect, hydrated, signUpAndSignIn, test, uniqueEmail } from "./fixtures";

// Web Push on the account page (docs/product/alerts.md, "Web Push"). No push service is reachable
// from this machine, so the message is handed to the service worker by the browser itself through
// the DevTools protocol (ServiceWorker.deliverPushMessage), exactly as a push service's delivery
// would arrive: the worker's `push` handler must show the notification.

test("subscribe this device on /account, receive a push in the service worker, see the notification, remove the device", async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(worker.headers()["cache-control"]).toBe("no-cache");

  // Signed out, the page asks to sign in, as the alerts page does.
  await page.goto("/account");
  await expect(page.getByText("Please sign in to manage your account")).toBeVisible();

  await signUpAndSignIn(page, uniqueEmail("push"));
  await context.grantPermissions(["notifications"], { origin: baseURL });
  // The page is in the signed-in user's menu.
  await hydrated(page);
  await page.getByRole("button", { name: /^Account: / }).click();
  await page.getByRole("menuitem", { name: "Account settings" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Push notifications on this device" })).toBeVisible();
  await expect(
    page.getByText(
      "On iPhone and iPad, add GulfPulse to your Home Screen (Share → Add to Home Screen) to receive push notifications.",
    ),
  ).toBeVisible();
  await expect(page.getByText("No device receives push notifications yet.")).toBeVisible();
  await expect(page.getByTestId("push-status")).toHaveText(
    "This device does not receive push notifications.",
  );

  // The page registered the service worker at the root scope; CDP names its registration.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");

  // Turning push on asks the browser's push service for a subscription. Chromium under Playwright
  // refuses (PushManager.subscribe rejects: no Push API off the record, no push service offline),
  // and the page says "Something went wrong". The test then stores a
  // subscription made the way a browser makes one (a P-256 key pair and a 16-byte auth secret)
  // through the same endpoint, from this signed-in page.
  await page.getByRole("button", { name: "Turn on push notifications" }).click();
  const subscribed = await Promise.race([
    page
      .getByTestId("push-status")
      .filter({ hasText: "This device receives push notifications." })
      .waitFor()
      .then(() => true),
    page
      .getByText("Something went wrong. Please try again.")
      .waitFor()
      .then(() => false),
  ]);
  if (!subscribed) {
    // Chromium logs why it refused: Playwright's contexts are off the record, where it offers no
    // Push API (and there is no push service to reach anyway). That message is the browser's, not
    // the page's; any other console error still fails the test.
    const refusal = consoleErrors.findIndex((e) => e.includes("does not support the Push API in incognito"));
    if (refusal >= 0) consoleErrors.splice(refusal, 1);
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const subscription = {
      endpoint: `https://push.e2e.invalid/send/${randomBytes(8).toString("hex")}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
    };
    const status = await page.evaluate(async (body) => {
      const res = await fetch("/api/push/subscriptions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return res.status;
    }, subscription);
    expect(status).toBe(200);
    await page.reload();
    await hydrated(page);
  }
  const devices = page.getByRole("list").filter({ hasText: "Chrome on Linux" });
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices).toContainText("nothing delivered yet");

  // "Send test push" goes through the server to the subscription's push service; the e2e one
  // cannot be reached, and the page says so.
  await page.getByRole("button", { name: "Send test push" }).click();
  await expect(
    page.getByText(
      "The test push reached none of your devices. Remove devices that no longer work, or try again later.",
    ),
  ).toBeVisible();

  // A push message as the push service would deliver it: the worker shows it as a notification.
  const message = {
    title: "TASI above 12,000",
    body: "TASI is at 12,004.50",
    url: "/price-alerts",
    icon: "/favicon.svg",
    tag: crypto.randomUUID(),
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseURL,
    registrationId: await registrationId,
    data: JSON.stringify(message),
  });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            url: (n.data as { url?: string } | null)?.url,
          }));
        }),
      { timeout: 15_000 },
    )
    .toContainEqual({ title: message.title, body: message.body, url: `${baseURL}/price-alerts` });

  // Screenshots to look at: the account page and the reminder form, English and Arabic, desktop and phone.
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const { events } = (await (await page.request.get(`/api/calendar?from=${from}&to=${to}`)).json()) as {
    events: Array<{ id: string; startsAt: string }>;
  };
  const upcoming = events.find((e) => Date.parse(e.startsAt) > Date.now() + 86_400_000)!;
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const prefix of ["", "/ar"]) {
      await page.goto(`${prefix}/account`);
      await hydrated(page);
      await expect(devices.or(page.getByRole("list").filter({ hasText: "Chrome" })).first()).toBeVisible();
      await page.screenshot({
        path: `screenshots/push-account${prefix.replace("/", "-")}-${width}.png`,
        fullPage: true,
      });
      await page.goto(`${prefix}/calendar/${upcoming.id}#reminder`);
      await hydrated(page);
      await page.getByTestId("reminder").scrollIntoViewIfNeeded();
      await page.getByTestId("reminder").screenshot({
        path: `screenshots/push-reminder${prefix.replace("/", "-")}-${width}.png`,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A reminder can ask for push (and a webhook) beside the mail; the choice is kept.
  await page.goto(`/calendar/${upcoming.id}`);
  await hydrated(page);
  const reminder = page.getByTestId("reminder");
  await reminder.getByLabel("Push notification").check();
  await reminder.getByRole("button", { name: "Remind me" }).click();
  await expect(reminder.getByRole("status")).toContainText("Reminder set for");
  await page.reload();
  await expect(page.getByTestId("reminder").getByLabel("Push notification")).toBeChecked();
  await expect(page.getByTestId("reminder").getByLabel("My webhook")).not.toBeChecked();

  await page.goto("/account");
  await hydrated(page);

  // Remove the device from the list.
  await devices.getByRole("button", { name: "Remove Chrome on Linux" }).click();
  await expect(page.getByText("No device receives push notifications yet.")).toBeVisible();
});
