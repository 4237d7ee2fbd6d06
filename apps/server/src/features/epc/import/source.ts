import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';

/** Where a catalogue's files come from: a folder (CLI, demo seed) or uploaded files (back office). */
export interface CatalogueSource {
  /** Relative paths ('/'-separated) of every regular file. */
  list(): Promise<string[]>;
  size(file: string): Promise<number | null>;
  stream(file: string): Readable;
  read(file: string): Promise<Buffer>;
}

const MAX_FILES = 200_000;

/** A folder on disk; symbolic links are not followed (a catalogue cannot point outside itself). */
export function folderSource(dir: string): CatalogueSource {
  const root = path.resolve(dir);
  const resolve = (file: string) => {
    const full = path.resolve(root, file);
    if (!full.startsWith(root + path.sep)) throw new Error(`outside the catalogue folder: ${file}`);
    return full;
  };
  return {
    async list() {
      const out: string[] = [];
      const walk = async (rel: string) => {
        for (const entry of await fs.promises.readdir(path.join(root, rel), { withFileTypes: true })) {
          const child = rel ? `${rel}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(child);
          else if (entry.isFile()) out.push(child);
          if (out.length > MAX_FILES) throw new Error(`more than ${MAX_FILES} files`);
        }
      };
      await walk('');
      return out;
    },
    async size(file) {
      try {
        const stat = await fs.promises.lstat(resolve(file));
        return stat.isFile() ? stat.size : null;
      } catch {
        return null;
      }
    },
    stream: (file) => fs.createReadStream(resolve(file)),
    read: (file) => fs.promises.readFile(resolve(file)),
  };
}

/** Files held in memory, by relative path. */
export function memorySource(files: Record<string, string | Uint8Array>): CatalogueSource {
  const get = (file: string) => {
    const value = Object.hasOwn(files, file) ? files[file] : undefined;
    return value === undefined ? null : typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
  };
  return {
    list: async () => Object.keys(files),
    size: async (file) => get(file)?.length ?? null,
    stream: (file) => Readable.from([get(file) ?? Buffer.alloc(0)]),
    read: async (file) => {
      const b = get(file);
      if (!b) throw new Error(`no file ${file}`);
      return b;
    },
  };
}

export type RawRow = { line: number; row: Record<string, unknown> } | { line: number; error: string; fatal?: boolean };

export const READ_MSG = {
  json: (detail: string) => `JSON 형식이 아닙니다 (${detail}).`,
  notObject: '한 줄에 JSON 객체 하나를 쓰세요.',
  lineTooLong: (max: number) => `줄이 너무 깁니다 (최대 ${max}자).`,
  utf8: 'UTF-8(또는 EUC-KR) 문자가 아닌 바이트가 있습니다.',
  csv: (detail: string) => `CSV 형식 오류: ${detail}`,
  csvColumns: 'CSV 형식 오류: 칸 수가 머리글과 다릅니다.',
  csvQuote: 'CSV 형식 오류: 따옴표가 닫히지 않았거나 따옴표 뒤에 잘못된 문자가 있습니다.',
  header: '첫 줄(머리글)에 항목 이름을 쓰세요.',
  duplicateHeader: (name: string) => `머리글에 '${name}' 항목이 두 번 있습니다.`,
};

/**
 * JSON Lines: one object per line; blank lines are skipped. Line numbers start at 1. Bytes that
 * are not UTF-8 become U+FFFD while decoding and are reported on their line. Rows come in
 * batches (one per chunk read), which keeps a million-row file fast.
 */
export async function* readJsonLines(stream: Readable, maxLineChars: number): AsyncGenerator<RawRow[]> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  let n = 0;
  /** The current line is longer than the limit: its text is dropped until its end. */
  let skipping = false;
  const lineRow = (raw: string): RawRow | null => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.length > maxLineChars) return { line: n, error: READ_MSG.lineTooLong(maxLineChars) };
    if (text.includes('\uFFFD')) return { line: n, error: READ_MSG.utf8 };
    if (text.trim() === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return { line: n, error: READ_MSG.json((e as Error).message) };
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { line: n, error: READ_MSG.notObject };
    return { line: n, row: value as Record<string, unknown> };
  };
  const split = (text: string, out: RawRow[]) => {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      n++;
      if (skipping) {
        skipping = false;
        out.push({ line: n, error: READ_MSG.lineTooLong(maxLineChars) });
      } else {
        const row = lineRow(text.slice(start, nl));
        if (row) out.push(row);
      }
      start = nl + 1;
    }
    rest = text.slice(start);
    if (rest.length > maxLineChars + 1) {
      skipping = true;
      rest = '';
    }
  };
  for await (const chunk of stream) {
    const out: RawRow[] = [];
    split((skipping ? '' : rest) + decoder.decode(chunk as Buffer, { stream: true }), out);
    if (out.length) yield out;
  }
  const out: RawRow[] = [];
  split(rest + decoder.decode(), out);
  if (skipping || rest !== '') {
    n++;
    const row = skipping ? { line: n, error: READ_MSG.lineTooLong(maxLineChars) } : lineRow(rest);
    if (row) out.push(row);
  }
  if (out.length) yield out;
}

/**
 * CSV with a header row (UTF-8, with or without BOM; files Korean Excel saves in EUC-KR are read
 * as such, told apart by the first 64 KB). Each record comes with the line it starts on.
 */
export async function* readCsv(stream: Readable, maxLineChars: number): AsyncGenerator<RawRow[]> {
  const chunks: Buffer[] = [];
  const text = Readable.from(
    (async function* () {
      let decoder: InstanceType<typeof TextDecoder> | null = null;
      for await (const chunk of stream) {
        const buf = chunk as Buffer;
        if (!decoder) {
          chunks.push(buf);
          const head = Buffer.concat(chunks);
          if (head.length < 64 * 1024) continue;
          decoder = new TextDecoder(sniffEncoding(head));
          yield decoder.decode(head, { stream: true });
          continue;
        }
        yield decoder.decode(buf, { stream: true });
      }
      if (!decoder) {
        const head = Buffer.concat(chunks);
        decoder = new TextDecoder(sniffEncoding(head));
        yield decoder.decode(head, { stream: true });
      }
      yield decoder.decode();
    })(),
  );
  const parser = text.pipe(
    parseCsv({
      bom: true,
      columns: (header: string[]) => {
        const seen = new Set<string>();
        return header.map((h) => {
          const name = h.trim();
          if (seen.has(name)) throw new HeaderError(READ_MSG.duplicateHeader(name));
          seen.add(name);
          return name;
        });
      },
      info: true,
      skip_empty_lines: true,
      max_record_size: maxLineChars,
    }),
  );
  let lastLine = 1;
  let batch: RawRow[] = [];
  try {
    for await (const item of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      const values = Object.values(item.record);
      const breaks = values.reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
      const start = item.info.lines - breaks;
      lastLine = item.info.lines;
      batch.push(
        values.some((v) => v.includes('\uFFFD'))
          ? { line: start, error: READ_MSG.utf8 }
          : { line: start, row: item.record },
      );
      if (batch.length >= 1000) {
        yield batch;
        batch = [];
      }
    }
  } catch (e) {
    const err = e as Error & { lines?: number; code?: string };
    const at = err.lines ?? lastLine + 1;
    if (err instanceof HeaderError) batch.push({ line: 1, error: err.message, fatal: true });
    else if (err.code === 'CSV_MAX_RECORD_SIZE')
      batch.push({ line: at, error: READ_MSG.lineTooLong(maxLineChars), fatal: true });
    else if (err.code === 'CSV_RECORD_INCONSISTENT_COLUMNS' || err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH')
      batch.push({ line: at, error: READ_MSG.csvColumns, fatal: true });
    else if (err.code === 'CSV_QUOTE_NOT_CLOSED' || err.code === 'CSV_INVALID_CLOSING_QUOTE')
      batch.push({ line: at, error: READ_MSG.csvQuote, fatal: true });
    else if (err.code?.startsWith('CSV_')) batch.push({ line: at, error: READ_MSG.csv(err.message), fatal: true });
    else throw e;
  }
  if (batch.length) yield batch;
}

class HeaderError extends Error {}

/** UTF-8 when the head decodes as UTF-8 (a multibyte character cut at the end is fine), else EUC-KR. */
function sniffEncoding(head: Buffer): 'utf-8' | 'euc-kr' {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'euc-kr';
  }
}
