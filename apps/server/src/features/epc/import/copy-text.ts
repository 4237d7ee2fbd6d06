/**
 * PostgreSQL COPY text format: columns split by tabs, rows by newlines, \N for NULL, and
 * backslash, tab, newline and carriage return escaped inside values.
 */

export type CopyValue = string | number | boolean | null | readonly string[] | { json: unknown };

const SPECIAL = /[\\\t\n\r]/;

export function escapeCopy(value: string): string {
  // Most values need nothing: a test is much cheaper than a replace.
  if (!SPECIAL.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** A text[] literal: every element double-quoted, with backslash and quote escaped inside. */
export function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return escapeCopy(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (Array.isArray(value)) return escapeCopy(arrayLiteral(value));
  return escapeCopy(JSON.stringify((value as { json: unknown }).json));
}

/** One row, newline included. */
export function copyRow(values: readonly CopyValue[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) out += (i === 0 ? '' : '\t') + copyField(values[i]!);
  return `${out}\n`;
}

/**
 * Collects encoded rows in strings of about `chunkChars`, so a large table is held as a few
 * thousand strings rather than a million.
 */
export class CopyBuffer {
  readonly chunks: string[] = [];
  private current = '';
  rows = 0;

  constructor(private readonly chunkChars = 1 << 20) {}

  push(values: readonly CopyValue[]): void {
    this.current += copyRow(values);
    this.rows++;
    if (this.current.length >= this.chunkChars) {
      this.chunks.push(this.current);
      this.current = '';
    }
  }

  /** The chunks, the last partial one included. */
  done(): string[] {
    if (this.current) {
      this.chunks.push(this.current);
      this.current = '';
    }
    return this.chunks;
  }
}

/** Puts `prefix` + tab before every row of a chunk (the catalogue id, known only at write time). */
export function prefixRows(chunk: string, prefix: string): string {
  if (chunk === '') return chunk;
  const body = chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk;
  return `${prefix}\t${body.replaceAll('\n', `\n${prefix}\t`)}\n`;
}
