/**
 * The auth endpoints take JSON bodies only. The auth library would also read
 * application/x-www-form-urlencoded, multipart/form-data and text/plain bodies, but the site never
 * sends them (its forms post to page actions, which call these endpoints with JSON), and every
 * extra encoding is one more way for a body to reach the auth code without passing the checks in
 * front of it (the sign-in throttle reads the credentials the way the library does: as JSON).
 * So every request that changes state (any method but GET, HEAD and OPTIONS) must say
 * `Content-Type: application/json` (parameters such as charset allowed), or it is refused with 415
 * before anything reads it.
 */

export const JSON_ONLY = "Send this request as JSON (Content-Type: application/json).";

type Handler = (request: Request) => Promise<Response>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The media type alone, lower case: `Application/JSON; charset=utf-8` -> `application/json`. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

export function jsonBodiesOnly(handler: Handler): Handler {
  return async (request) => {
    if (
      SAFE_METHODS.has(request.method) ||
      mediaType(request.headers.get("content-type")) === "application/json"
    ) {
      return handler(request);
    }
    return Response.json({ message: JSON_ONLY, code: "UNSUPPORTED_MEDIA_TYPE" }, { status: 415 });
  };
}
