/**
 * One set of fields as each body encoding a client can send: the three an HTML form can post
 * (urlencoded, multipart, text/plain) and JSON. Suites send every state-changing endpoint in each,
 * so an endpoint that reads one more encoding than its checks do shows up.
 */
export const BODY_ENCODINGS = ["json", "urlencoded", "multipart", "text"] as const;
export type BodyEncoding = (typeof BODY_ENCODINGS)[number];

/** `type` is undefined for multipart: fetch and Request write it with the boundary. */
export function encodeBody(
  fields: Record<string, unknown>,
  encoding: BodyEncoding,
): { type: string | undefined; body: BodyInit } {
  const strings = Object.entries(fields).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v): [string, string] => [
      key,
      typeof v === "string" ? v : JSON.stringify(v),
    ]),
  );
  switch (encoding) {
    case "json":
      return { type: "application/json", body: JSON.stringify(fields) };
    case "urlencoded":
      return { type: "application/x-www-form-urlencoded", body: new URLSearchParams(strings) };
    case "multipart": {
      const form = new FormData();
      for (const [key, value] of strings) form.append(key, value);
      return { type: undefined, body: form };
    }
    case "text":
      // What a browser sends for <form enctype="text/plain">.
      return { type: "text/plain", body: strings.map(([key, value]) => `${key}=${value}\r\n`).join("") };
  }
}

/** Headers for `encodeBody`'s answer (no content-type for multipart). */
export function bodyHeaders(type: string | undefined, extra: Record<string, string> = {}): Headers {
  const headers = new Headers(extra);
  if (type) headers.set("content-type", type);
  return headers;
}
