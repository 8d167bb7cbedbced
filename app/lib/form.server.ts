const badRequest = (error: string) =>
  Response.json({ ok: false, error }, { status: 400, headers: { "Cache-Control": "no-store" } });

/**
 * The body of a form post. A body that is not a form (JSON, text, a broken multipart) makes
 * `request.formData()` throw, which would surface as a 500; it is a client error, answered with a
 * 400 that says what to send (thrown, so every action stops before reading or writing anything).
 * NUL characters are refused too: PostgreSQL text cannot store them, so they would fail the write.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest("The request body must be a form (application/x-www-form-urlencoded).");
  }
  for (const [key, value] of form) {
    if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      throw badRequest("Text must not contain NUL characters.");
    }
  }
  return form;
}

/** The string fields of a form post (files and other values are dropped). */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [key, value] of await readForm(request)) if (typeof value === "string") out[key] = value;
  return out;
}

/**
 * The fields of a form whose every field comes once. A field sent twice is refused with a 400:
 * which copy was meant is anyone's guess, and taking the last would let a second value slip past
 * what the first one was checked for.
 */
export async function readSingleValuedForm(request: Request): Promise<Record<string, string>> {
  const seen = new Map<string, string>();
  for (const [key, value] of await readForm(request)) {
    if (seen.has(key)) throw badRequest(`Send the field "${key}" once.`);
    if (typeof value === "string") seen.set(key, value);
  }
  return Object.fromEntries(seen);
}

/** Whether a value (a parsed JSON body) holds a NUL character in any string or key. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([k, v]) => k.includes("\0") || holdsNul(v));
  }
  return false;
}

/**
 * For bodies a library reads itself (the auth library's JSON endpoints): whether any field holds
 * a NUL character, which would fail its database query with a 500. Reads a clone of the body.
 */
export async function bodyHasNul(request: Request): Promise<boolean> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return false;
  const text = await request.clone().text();
  if (!text.includes("\0") && !/\\u0000|%00/i.test(text)) return false;
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return holdsNul(JSON.parse(text));
    } catch {
      return false; // the library answers malformed JSON itself
    }
  }
  if (type.includes("urlencoded")) {
    return [...new URLSearchParams(text)].some(([k, v]) => k.includes("\0") || v.includes("\0"));
  }
  return text.includes("\0");
}
