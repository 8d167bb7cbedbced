import type { Express } from "express";
import type { Logger } from "../logger";
import type { Newsletter } from "./service";

const ONE_CLICK_PATH = "/api/newsletter/unsubscribe";

/**
 * RFC 8058 one-click unsubscribe, the target of the List-Unsubscribe header. Mail providers POST
 * "List-Unsubscribe=One-Click" from their own servers (any origin, no cookies, no redirects
 * followed), so this is a raw handler authorised by the signed token alone. A GET (a person
 * opening the header's link) goes to the confirmation page, which needs a click: link scanners
 * that prefetch URLs must never unsubscribe anyone.
 */
export function mountOneClickUnsubscribe(newsletter: Newsletter, log: Logger) {
  return (app: Express) => {
    app.post(ONE_CLICK_PATH, async (req, res) => {
      const token = typeof req.query.token === "string" ? req.query.token : "";
      try {
        const done = await newsletter.unsubscribe(token);
        res.setHeader("Cache-Control", "no-store");
        if (!done) {
          res.status(404).type("text/plain").send("This unsubscribe link is not valid.");
          return;
        }
        res.status(200).type("text/plain").send("You have been unsubscribed from the GulfPulse newsletter.");
      } catch (err) {
        log.error({ err }, "one-click unsubscribe failed");
        res.status(500).type("text/plain").send("Unsubscribing failed. Please try again later.");
      }
    });
    app.get(ONE_CLICK_PATH, (req, res) => {
      const token = typeof req.query.token === "string" ? req.query.token : "";
      res.redirect(303, `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
    });
  };
}
