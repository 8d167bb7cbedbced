export { JoinCommunity } from "./join-community";
export { NewsletterBanner } from "./newsletter-banner";
