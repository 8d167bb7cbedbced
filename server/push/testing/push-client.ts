import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";

// What a browser and a push service do with our messages, written from RFC 8291 (message
// encryption for Web Push), RFC 8188 (aes128gcm) and RFC 8292 (VAPID) with node:crypto only, so
// the tests check web-push's output against the standards rather than against itself.

/** A browser's push subscription: its P-256 key pair and 16-byte auth secret (RFC 8291 §2). */
export function createBrowserSubscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: authSecret.toString("base64url"),
    },
    ecdh,
    authSecret,
  };
}
export type BrowserSubscription = ReturnType<typeof createBrowserSubscription>;

/**
 * Decrypts an aes128gcm push message body as the browser does. The header (RFC 8188 §2.1) is
 * salt (16) | record size (4) | key id length (1) | key id = the server's ephemeral public key.
 */
export function decryptPushMessage(body: Buffer, sub: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error("more than one record: not what a push message is");

  // RFC 8291 §3.3-3.4: the shared secret, mixed with the auth secret and both public keys.
  const ecdhSecret = sub.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0", "latin1"),
    sub.ecdh.getPublicKey(),
    serverPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, sub.authSecret, keyInfo, 32));
  // RFC 8188 §2.2-2.3: the content encryption key and the nonce from the salt.
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));

  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and then zero padding (RFC 8188 §2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the last record's padding delimiter is missing");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * Checks a VAPID Authorization header (RFC 8292 §2-3): `vapid t=<JWT>, k=<public key>`, the JWT
 * signed with ES256 by the key k names. Returns the JWT's claims; throws when anything is off.
 */
export function verifyVapidHeader(authorization: string | undefined, expected: { publicKey: string }) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expected.publicKey) throw new Error("the header names another public key");
  const [header, claims, signature] = jwt.split(".") as [string, string, string];
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the JWT signature does not verify with the public key");
  const head = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg: string; typ: string };
  if (head.alg !== "ES256") throw new Error(`JWT alg ${head.alg}, not ES256`);
  return JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
}
