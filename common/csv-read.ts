/**
 * A small RFC 4180 reader: a delimiter (comma unless told), double-quoted fields with "" for a
 * quote, CRLF or LF. Each record keeps the line it starts on, so an error names the line the
 * reader sees. A record whose quotes never close is an error, not a guess. Shared by the editor's
 * Shariah import, the portfolio import and the portfolio page's column mapping.
 */
export type CsvRecord = { line: number; cells: string[] };

class Reader {
  records: CsvRecord[] = [];
  cells: string[] = [];
  cell = "";
  line = 1;
  start = 1;
  quoted = false;

  delimiter: string;

  constructor(delimiter: string) {
    this.delimiter = delimiter;
  }

  endCell() {
    this.cells.push(this.cell);
    this.cell = "";
  }

  endRecord() {
    this.endCell();
    const blank = this.cells.length === 1 && this.cells[0]!.trim() === "";
    if (!blank) this.records.push({ line: this.start, cells: this.cells });
    this.cells = [];
  }

  /** One character outside quotes; returns how many extra characters it used. */
  plain(ch: string, next: string | undefined): number {
    if (ch === '"' && this.cell.trim() === "") {
      this.quoted = true;
      this.cell = "";
    } else if (ch === this.delimiter) this.endCell();
    else if (ch === "\n" || ch === "\r") {
      this.endRecord();
      this.line++;
      this.start = this.line;
      return ch === "\r" && next === "\n" ? 1 : 0;
    } else this.cell += ch;
    return 0;
  }

  /** One character inside quotes. */
  inQuotes(ch: string, next: string | undefined): number {
    if (ch === '"' && next === '"') {
      this.cell += '"';
      return 1;
    }
    if (ch === '"') this.quoted = false;
    else {
      if (ch === "\n") this.line++;
      this.cell += ch;
    }
    return 0;
  }
}

/**
 * The delimiter a spreadsheet export uses: comma, semicolon (European and Gulf locales) or tab,
 * whichever splits the first line into the most cells.
 */
export function detectDelimiter(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  return [",", ";", "\t"].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
}

export function parseCsv(text: string, delimiter = ","): { records: CsvRecord[]; brokenAt: number | null } {
  const src = text.replace(/^\uFEFF/, "");
  const r = new Reader(delimiter);
  for (let i = 0; i < src.length; i++) {
    i += r.quoted ? r.inQuotes(src[i]!, src[i + 1]) : r.plain(src[i]!, src[i + 1]);
  }
  if (r.quoted) return { records: r.records, brokenAt: r.start };
  r.endRecord();
  return { records: r.records, brokenAt: null };
}
