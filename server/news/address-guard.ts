import dns from "node:dns";
import net from "node:net";
import { Agent } from "undici";

/**
 * SSRF defence for feeds (ASVS V12.6 / V5.2.6): an admin types a feed address, and the server
 * fetches it. Without a check that address could be the database, the cloud metadata service
 * (169.254.169.254) or an intranet page. Feeds may only reach public addresses unless
 * FEEDS_ALLOW_PRIVATE is on (tests with loopback feed servers, an intranet deployment).
 *
 * The check runs where the connection is made (a DNS lookup hook on the HTTP agent), so a name
 * that resolves to a public address when saved and a private one later (DNS rebinding) is still
 * refused. IP literals skip DNS, so they, and every redirect target, are checked before requesting.
 */
const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // NAT64 local use (RFC 8215): translates into the operator's own networks
  ["100::", 64], // discard only
  ["2001::", 32], // Teredo: tunnels to any IPv4 address; no public service is addressed this way
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed inside some networks)
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(prefix, bits, "ipv6");
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one (or carries a zone). */
function ipv6Groups(address: string): number[] | null {
  let host: string;
  try {
    // The WHATWG parser writes one canonical form: hex groups, at most one "::", no dotted quad.
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = "", tail] = host.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16));
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 address carries and hands on to, which is what a connection to it
 * reaches: IPv4-compatible (::a.b.c.d), IPv4-mapped (::ffff:a.b.c.d), SIIT (::ffff:0:a.b.c.d),
 * NAT64 with the well-known prefix (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::). Null when it
 * carries none; undefined when the text is not an IPv6 address.
 */
export function embeddedIpv4(address: string): string | null | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 6)) return dotted(g[6]!, g[7]!); // IPv4-compatible (:: and ::1 included)
  if (zero(0, 5) && g[5] === 0xffff) return dotted(g[6]!, g[7]!); // IPv4-mapped
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return dotted(g[6]!, g[7]!); // SIIT
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return dotted(g[6]!, g[7]!); // NAT64
  if (g[0] === 0x2002) return dotted(g[1]!, g[2]!); // 6to4
  return null;
}

export const PRIVATE_ADDRESS_MESSAGE =
  "Feed addresses on private, loopback or link-local networks are not allowed.";

export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
  constructor(host: string, address: string) {
    super(`blocked: ${host} is a private address (${address})`);
  }
}

/**
 * True for anything that is not a public unicast address (and for what is not an address). An
 * IPv6 address that carries an IPv4 one is judged by the IPv4 rules as well, so ::127.0.0.1,
 * ::ffff:0:10.0.0.1 or 2002:a00:1:: cannot reach what 127.0.0.1 or 10.0.0.1 cannot.
 */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family !== 6) return true;
  const embedded = embeddedIpv4(address);
  if (embedded === undefined) return true;
  return BLOCKED.check(address, "ipv6") || (embedded !== null && BLOCKED.check(embedded, "ipv4"));
}

/** Throws for a URL whose host is an IP literal on a private network (names are checked at connect). */
export function assertPublicHost(url: URL) {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && isPrivateAddress(host)) throw new PrivateAddressError(host, host);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that fails when any address of the name is private (all of them, not just the first). */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new PrivateAddressError(hostname, bad.address), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** The HTTP agent of feed fetches when private addresses are not allowed. */
export const publicOnlyAgent = new Agent({ connect: { lookup: publicOnlyLookup as never } });

/**
 * The save-time check of a feed address an admin enters: IP literals and names that resolve now.
 * Returns the message to show, or null. (A name that does not resolve yet is left to fetch time.)
 */
export async function feedAddressProblem(raw: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null; // the form's own schema reports malformed addresses
  }
  try {
    assertPublicHost(url);
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host)) return null;
    // A slow resolver must not hold the admin's save: the fetch-time check still applies.
    const addresses = await Promise.race([
      dns.promises.lookup(host, { all: true }).catch(() => []),
      new Promise<dns.LookupAddress[]>((resolve) => setTimeout(() => resolve([]), 3_000).unref()),
    ]);
    return addresses.some((a) => isPrivateAddress(a.address)) ? PRIVATE_ADDRESS_MESSAGE : null;
  } catch (err) {
    if (err instanceof PrivateAddressError) return PRIVATE_ADDRESS_MESSAGE;
    throw err;
  }
}
