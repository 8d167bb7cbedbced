import { XMLParser, XMLValidator } from "fast-xml-parser";
import { decodeXmlEntities } from "./text";

/** A feed that cannot be used at all; `reason` is logged and stored on the feed row. */
export class FeedError extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterMs?: number,
  ) {
    super(reason);
  }
}

/** One entry as the publisher wrote it, before cleaning. Text is decoded but not sanitized. */
export interface RawItem {
  title: string;
  link: string | undefined;
  description: string;
  guid: string | undefined;
  date: string | undefined;
  categories: string[];
}

export interface ParsedFeed {
  format: "rss" | "atom" | "rdf";
  title: string;
  /** The site the feed belongs to (RSS channel <link>, Atom rel="alternate"): relative item links
   * resolve against it, as feed readers do, not against the feed document's own address. */
  siteLink: string | undefined;
  items: RawItem[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // No entity expansion at all: declared entities stay literal and the parser never recurses.
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  cdataPropName: "__cdata",
  isArray: (name) => name === "item" || name === "entry" || name === "category" || name === "link",
});

const MAX_ITEMS = 500;

/** Parses RSS 2.0 (and 0.9x), Atom 1.0 and RSS 1.0 (RDF). Throws FeedError with a reason. */
export function parseFeed(xml: string): ParsedFeed {
  const head = xml.slice(0, 4096);
  if (/<!ENTITY/i.test(xml.slice(0, 64 * 1024))) {
    throw new FeedError("rejected: the document declares XML entities (possible entity-expansion attack)");
  }
  if (/^\s*(<!doctype\s+html|<html[\s>])/i.test(xml) || /<!doctype\s+html/i.test(head)) {
    throw new FeedError("not a feed: the server answered with an HTML page");
  }
  if (!xml.trim()) throw new FeedError("not a feed: empty response");
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new FeedError(`malformed XML: ${valid.err.msg} (line ${valid.err.line})`);
  }
  let doc: Record<string, any>;
  try {
    doc = parser.parse(xml);
  } catch (err) {
    throw new FeedError(`malformed XML: ${(err as Error).message}`);
  }
  if (doc.rss) {
    const channel = first(doc.rss.channel) ?? {};
    return {
      format: "rss",
      title: text(channel.title),
      siteLink: pickLink(channel.link),
      items: list(channel.item).map(rssItem),
    };
  }
  if (doc.RDF) {
    const rdf = doc.RDF;
    const channel = first(rdf.channel) ?? {};
    const items = list(rdf.item).length ? list(rdf.item) : list(channel.item);
    return {
      format: "rdf",
      title: text(channel.title),
      siteLink: pickLink(channel.link),
      items: items.map(rdfItem),
    };
  }
  if (doc.feed) {
    return {
      format: "atom",
      title: text(doc.feed.title),
      siteLink: pickLink(doc.feed.link),
      items: list(doc.feed.entry).map(atomEntry),
    };
  }
  if (doc.html || doc.HTML) throw new FeedError("not a feed: the server answered with an HTML page");
  const root = Object.keys(doc).find((k) => !k.startsWith("?")) ?? "(none)";
  throw new FeedError(`not a feed: unknown root element <${root}>`);
}

function rssItem(item: any): RawItem {
  return {
    title: text(item.title),
    link: pickLink(item.link),
    description: text(item.description) || text(item.encoded) || text(item.summary),
    guid: text(item.guid) || undefined,
    date: text(item.pubDate) || text(item.date) || undefined,
    categories: list(item.category).map(text).filter(Boolean),
  };
}

function rdfItem(item: any): RawItem {
  return {
    title: text(item.title),
    link: pickLink(item.link),
    description: text(item.description) || text(item.encoded),
    guid: text(item["@_about"]) || undefined,
    date: text(item.date) || undefined,
    categories: list(item.subject).map(text).filter(Boolean),
  };
}

function atomEntry(entry: any): RawItem {
  return {
    title: text(entry.title),
    link: pickLink(entry.link),
    description: text(entry.summary) || text(entry.content),
    guid: text(entry.id) || undefined,
    date: text(entry.published) || text(entry.updated) || undefined,
    categories: list(entry.category)
      .map((c: any) => (typeof c === "object" && c ? (c["@_label"] ?? c["@_term"] ?? text(c)) : text(c)))
      .map(String)
      .filter(Boolean),
  };
}

/** RSS <link>text</link>, Atom <link rel="alternate" href>, or the first usable of several. */
function pickLink(value: unknown): string | undefined {
  const candidates = list(value);
  const atom = candidates.filter((l: any) => typeof l === "object" && l?.["@_href"]);
  const alternate = atom.find((l: any) => !l["@_rel"] || l["@_rel"] === "alternate");
  if (alternate) return decodeXmlEntities(String((alternate as any)["@_href"])).trim();
  for (const c of candidates) {
    const t = text(c);
    if (t) return t;
  }
  if (atom[0]) return decodeXmlEntities(String((atom[0] as any)["@_href"])).trim();
  return undefined;
}

/** Text content of a node: decoded text, raw CDATA, or the text of nested (xhtml) children. */
function text(node: unknown): string {
  if (node == null) return "";
  if (typeof node === "string") return decodeXmlEntities(node).trim();
  if (typeof node === "number" || typeof node === "boolean") return String(node);
  if (Array.isArray(node)) return node.length ? text(node[0]) : "";
  if (typeof node === "object") {
    const o = node as Record<string, unknown>;
    const parts: string[] = [];
    for (const [key, value] of Object.entries(o)) {
      if (key.startsWith("@_")) continue;
      if (key === "__cdata") parts.push(list(value).map(String).join(""));
      else if (key === "#text") parts.push(decodeXmlEntities(String(value)));
      else parts.push(text(value));
    }
    return parts.join(" ").trim();
  }
  return "";
}

function list(v: unknown): any[] {
  if (v == null) return [];
  const arr = Array.isArray(v) ? v : [v];
  return arr.slice(0, MAX_ITEMS);
}

function first(v: unknown): any {
  return Array.isArray(v) ? v[0] : v;
}
