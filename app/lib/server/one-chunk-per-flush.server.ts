import { Transform, type TransformCallback } from "node:stream";

/**
 * The HTML stream between React and the response. React writes its output in 4 KB pieces and
 * calls `flush()` when a rendering pass is done (the shell, then each streamed boundary); sending
 * every piece on its own cost one trip through the web stream, compression and a socket write
 * each (about 40 per home page, a few milliseconds of a signed-in render in the profiles of
 * decision record 027). Here a pass goes out as one chunk, so streaming stays as it was: the shell
 * first, each deferred part when it is ready.
 */
export class OneChunkPerFlush extends Transform {
  #pending: Buffer[] = [];
  /** What was sent so far, kept only when someone wants the whole body at the end. */
  #sent: Buffer[] | null;
  #whole?: (body: Buffer) => void;
  /** Rewrites the first pass (the shell) before it is sent; later passes go out as they are. */
  #shell?: (html: Buffer) => Buffer;

  /** `whole`, when given, receives the complete body once the render has ended. */
  constructor(whole?: (body: Buffer) => void, shell?: (html: Buffer) => Buffer) {
    super();
    this.#whole = whole;
    this.#sent = whole ? [] : null;
    this.#shell = shell;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.#pending.push(chunk);
    done();
  }

  /** Called by React after each pass. */
  flush() {
    if (this.#pending.length === 0) return;
    let whole = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending);
    this.#pending = [];
    if (this.#shell) {
      whole = this.#shell(whole);
      this.#shell = undefined;
    }
    this.#sent?.push(whole);
    this.push(whole);
  }

  override _flush(done: TransformCallback) {
    this.flush();
    if (this.#sent) this.#whole?.(Buffer.concat(this.#sent));
    done();
  }
}
