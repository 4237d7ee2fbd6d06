import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { hasVisibleText, isPlainText } from '@partsmall/contract';
import { Cp949Decoder } from '../../../shared/korean-text.js';

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

/**
 * Bytes a file in memory is handed out in: the reader decodes, splits and checks one piece at a
 * time, as it reads a file on disk, instead of a whole upload in one pass that holds the server's
 * thread (a 60 MB parts file held every request for 6 s).
 */
const PIECE_BYTES = 64 * 1024;

function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) yield bytes.subarray(at, at + PIECE_BYTES);
}

/** Files held in memory, by relative path. */
export function memorySource(files: Record<string, string | Uint8Array>): CatalogueSource {
  const get = (file: string) => {
    const value = Object.hasOwn(files, file) ? files[file] : undefined;
    if (value === undefined) return null;
    // A view of the bytes, not a copy: an upload's files are only read, and each is asked for twice.
    return typeof value === 'string'
      ? Buffer.from(value, 'utf8')
      : Buffer.from(value.buffer, value.byteOffset, value.length);
  };
  return {
    list: async () => Object.keys(files),
    size: async (file) => get(file)?.length ?? null,
    stream: (file) => Readable.from(pieces(get(file) ?? Buffer.alloc(0))),
    read: async (file) => {
      const b = get(file);
      if (!b) throw new Error(`no file ${file}`);
      return b;
    },
  };
}

export type RawRow = { line: number; row: Record<string, unknown> } | { line: number; error: string; fatal?: boolean };

export const READ_MSG = {
  json: 'JSON 형식이 아닙니다.',
  jsonAt: (char: number) => `JSON 형식이 아닙니다 (${char}번째 글자 근처).`,
  jsonCut: 'JSON 형식이 아닙니다 (줄이 도중에 끝납니다).',
  jsonNear: (char: string) => `JSON 형식이 아닙니다 ('${char}' 글자 근처).`,
  notObject: '한 줄에 JSON 객체 하나를 쓰세요.',
  lineTooLong: (max: number) => `줄이 너무 깁니다 (최대 ${max}자).`,
  utf8: 'UTF-8(또는 EUC-KR) 문자가 아닌 바이트가 있습니다.',
  csv: 'CSV 형식 오류: 이 줄을 CSV로 읽을 수 없습니다. 따옴표와 쉼표를 확인하세요.',
  csvColumns: 'CSV 형식 오류: 칸 수가 머리글과 다릅니다.',
  csvQuote: 'CSV 형식 오류: 따옴표가 닫히지 않았거나 따옴표 뒤에 잘못된 문자가 있습니다.',
  header: '첫 줄(머리글)에 항목 이름을 쓰세요.',
  duplicateHeader: (name: string) => `머리글에 '${name}' 항목이 두 번 있습니다.`,
};

/**
 * The Korean problem of a line JSON.parse refused: where it stopped reading (1-based), or that the
 * line ends before its value does. The engine's own text is English and worded differently by
 * each Node version, so only its position is taken from it.
 */
function jsonProblem(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const at = /\bposition (\d+)/.exec(message);
  if (at && Number(at[1]) < text.length) return READ_MSG.jsonAt(Number(at[1]) + 1);
  if (at || /end of JSON input/i.test(message)) return READ_MSG.jsonCut;
  // "Unexpected token 'x', …" names the character but not where it is: where, when it occurs once.
  const token = /^Unexpected token '(.)'/u.exec(message)?.[1];
  if (token && text.indexOf(token) === text.lastIndexOf(token)) return READ_MSG.jsonAt(text.indexOf(token) + 1);
  if (token && isPlainText(token) && hasVisibleText(token)) return READ_MSG.jsonNear(token);
  return READ_MSG.json;
}

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
      return { line: n, error: jsonProblem(text, e) };
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
 * as such, told apart by the first 64 KB). Each record comes with the line it starts on. A file
 * without a header line (empty, blank lines only, or a header of empty names) is one fatal problem
 * on line 1: read as a table of no rows, an empty parts file replaced a live catalogue's parts with
 * none (docs/catalogue-format.md#files).
 */
export async function* readCsv(stream: Readable, maxLineChars: number): AsyncGenerator<RawRow[]> {
  const chunks: Buffer[] = [];
  const text = Readable.from(
    (async function* () {
      let decoder: InstanceType<typeof TextDecoder> | Cp949Decoder | null = null;
      for await (const chunk of stream) {
        const buf = chunk as Buffer;
        if (!decoder) {
          chunks.push(buf);
          const head = Buffer.concat(chunks);
          if (head.length < 64 * 1024) continue;
          decoder = decoderFor(head);
          yield decoder.decode(head, { stream: true });
          continue;
        }
        yield decoder.decode(buf, { stream: true });
      }
      if (!decoder) {
        const head = Buffer.concat(chunks);
        decoder = decoderFor(head);
        yield decoder.decode(head, { stream: true });
      }
      yield decoder.decode();
    })(),
  );
  let header = false;
  const parser = text.pipe(
    parseCsv({
      bom: true,
      columns: (names: string[]) => {
        header = true;
        if (names.every((h) => h.trim() === '')) throw new HeaderError(READ_MSG.header);
        const seen = new Set<string>();
        return names.map((h) => {
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
    batch.push(csvErrorRow(e, lastLine, maxLineChars));
  }
  // Without a header and without a parser error (a first line too long, say), nothing was there to read.
  if (!header && batch.length === 0) batch.push({ line: 1, error: READ_MSG.header, fatal: true });
  if (batch.length) yield batch;
}

class HeaderError extends Error {}

/**
 * The problem of a CSV file the parser stopped reading, on the line it stopped at (after
 * `lastLine`, the last record read). Its message is English, so it is never shown: an error without
 * a Korean text of its own gets the general one. Errors other than the parser's are thrown on.
 */
export function csvErrorRow(e: unknown, lastLine: number, maxLineChars: number): RawRow {
  const err = e as Error & { lines?: number; code?: string };
  const at = err.lines ?? lastLine + 1;
  if (err instanceof HeaderError) return { line: 1, error: err.message, fatal: true };
  switch (err.code) {
    case 'CSV_MAX_RECORD_SIZE':
      return { line: at, error: READ_MSG.lineTooLong(maxLineChars), fatal: true };
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return { line: at, error: READ_MSG.csvColumns, fatal: true };
    case 'CSV_QUOTE_NOT_CLOSED':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return { line: at, error: READ_MSG.csvQuote, fatal: true };
  }
  if (err.code?.startsWith('CSV_')) return { line: at, error: READ_MSG.csv, fatal: true };
  throw e;
}

/**
 * UTF-8 when the head decodes as UTF-8 (a multibyte character cut at the end is fine), else EUC-KR
 * as Korean Excel writes it, CP949 (shared/korean-text.ts: Node's own 'euc-kr' decoder misreads 똠 or 햏).
 */
function decoderFor(head: Buffer): InstanceType<typeof TextDecoder> | Cp949Decoder {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return new TextDecoder('utf-8');
  } catch {
    return new Cp949Decoder();
  }
}
