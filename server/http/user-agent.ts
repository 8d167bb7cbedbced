/**
 * The User-Agent every outgoing request of ours sends: the product, its version and where it
 * runs, so a provider can see who asks and reach its operator (a bare "node" reads as a scraper).
 * The version is the package's when started through npm, as every script here is.
 */
const VERSION = process.env.npm_package_version ?? "0.1.0";

export function productUserAgent(publicUrl?: string): string {
  return publicUrl ? `GulfPulse/${VERSION} (+${publicUrl})` : `GulfPulse/${VERSION}`;
}
