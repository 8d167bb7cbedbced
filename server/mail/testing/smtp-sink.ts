/**
 * A real SMTP server on loopback for tests and benchmarks: it keeps (or just counts) what arrives
 * per recipient and can be taken down and brought back on the same port to simulate an outage.
 */
import type { AddressInfo, Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  /** Messages accepted per recipient address (lower case). */
  counts: Map<string, number>;
  /** Raw messages, when created with keep: true. */
  messages: ReceivedMail[];
  accepted(): number;
  /** Refuses new connections and ends open ones with 421 at their next command. */
  down(): Promise<void>;
  up(): Promise<void>;
  isDown(): boolean;
  close(): Promise<void>;
}

export async function startSmtpSink(o: { keep?: boolean; port?: number } = {}): Promise<SmtpSink> {
  const counts = new Map<string, number>();
  const messages: ReceivedMail[] = [];
  let accepted = 0;
  let isDown = false;
  const sockets = new Set<Socket>();

  const unavailable = () =>
    Object.assign(new Error("Service not available, closing channel"), { responseCode: 421 });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onConnect(_session, callback) {
      callback(isDown ? unavailable() : undefined);
    },
    onMailFrom(_address, _session, callback) {
      callback(isDown ? unavailable() : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => {
        if (o.keep) chunks.push(c);
      });
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        for (const address of to) counts.set(address, (counts.get(address) ?? 0) + 1);
        accepted++;
        if (o.keep) messages.push({ to, raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  // The net.Server underneath: closing it makes new connections fail with ECONNREFUSED.
  const net = (server as unknown as { server: import("node:net").Server }).server;
  net.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      net.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        net.off("error", reject);
        resolve();
      });
    });
  await listen(o.port ?? 0);
  const port = (net.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    counts,
    messages,
    accepted: () => accepted,
    async down() {
      isDown = true;
      net.close();
    },
    async up() {
      isDown = false;
      await listen(port);
    },
    isDown: () => isDown,
    async close() {
      isDown = true;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ParsedMail {
  headers: Record<string, string>;
  text: string;
  html: string;
}

function decodePart(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? "7bit").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") {
    const soft = body.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}

function splitHeaders(raw: string): [Record<string, string>, string] {
  const at = raw.indexOf("\r\n\r\n");
  const head = (at < 0 ? raw : raw.slice(0, at)).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return [headers, at < 0 ? "" : raw.slice(at + 4)];
}

/** Just enough MIME for what nodemailer writes: the top headers and the text and HTML parts. */
/** RFC 2047 encoded words (=?UTF-8?B?...?=), as non-ASCII subjects are sent; adjacent ones join. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

export function parseMail(raw: string): ParsedMail {
  const [headers, body] = splitHeaders(raw);
  if (headers.subject) headers.subject = decodeEncodedWords(headers.subject);
  const out: ParsedMail = { headers, text: "", html: "" };
  const walk = (h: Record<string, string>, b: string) => {
    const type = h["content-type"] ?? "text/plain";
    const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
    if (boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith("--")) break;
        const [ph, pb] = splitHeaders(part.replace(/^\r\n/, ""));
        walk(ph, pb.replace(/\r\n$/, ""));
      }
    } else if (type.startsWith("text/html")) out.html = decodePart(b, h["content-transfer-encoding"]);
    else if (type.startsWith("text/plain")) out.text = decodePart(b, h["content-transfer-encoding"]);
  };
  walk(headers, body);
  return out;
}
