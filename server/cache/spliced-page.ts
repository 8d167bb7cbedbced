import zlib from "node:zlib";

/**
 * A stored page with a small per-request insert at one fixed place, sent gzip-compressed without
 * compressing the page again for every request.
 *
 * DEFLATE (RFC 1951) is a sequence of blocks, and a compressor's back-references only reach into
 * what that compressor itself was given. So the page is compressed once as two independent raw
 * streams — the part before the insert, ending in a sync flush (byte-aligned, not final), and the
 * part after it, ending in the final block — and each request compresses only its insert (also
 * sync-flushed) between them. The three pieces concatenated are one valid DEFLATE stream. The gzip
 * wrapper (RFC 1952) needs the CRC-32 and length of the whole uncompressed page; the CRC continues
 * from the stored prefix's value through the insert and the stored suffix.
 */
export interface SplicedPage {
  /** The whole page with `insert` at the splice point, uncompressed. */
  identity(insert: Buffer): Buffer[];
  /** The same, as one gzip member. */
  gzip(insert: Buffer): Buffer[];
}

/** gzip header: magic, deflate, no flags, no mtime, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
const syncFlushed = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

export function splicedPage(body: Buffer, at: number): SplicedPage {
  const prefix = body.subarray(0, at);
  const suffix = body.subarray(at);
  let compressed: { prefix: Buffer; suffix: Buffer; prefixCrc: number } | null = null;
  // Compressed on the first gzip request only: most copies are only ever sent to anonymous visitors.
  const parts = () => {
    compressed ??= {
      prefix: zlib.deflateRawSync(prefix, syncFlushed),
      suffix: zlib.deflateRawSync(suffix),
      prefixCrc: zlib.crc32(prefix),
    };
    return compressed;
  };
  return {
    identity: (insert) => [prefix, insert, suffix],
    gzip(insert) {
      const p = parts();
      const crc = zlib.crc32(suffix, zlib.crc32(insert, p.prefixCrc));
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE((body.length + insert.length) % 2 ** 32, 4);
      return [GZIP_HEADER, p.prefix, zlib.deflateRawSync(insert, syncFlushed), p.suffix, trailer];
    },
  };
}
