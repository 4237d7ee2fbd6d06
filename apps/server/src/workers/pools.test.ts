import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkerPool } from '../shared/worker-pool.js';
import { AppError } from '../shared/http.js';
import { CSV_IN_THREAD_MAX, LIGHT_PDF_ROWS, parseCsvOffThread, pdfRows, type PdfTask } from './pools.js';

/**
 * A small CSV import is parsed on the spot; a larger one in the file pool (docs/security.md#costly-work).
 * The pool's worker starts cold on its first task (seconds from the source), which a three-line
 * product CSV waited for after every server start.
 */
afterEach(() => {
  vi.restoreAllMocks();
});

/** A CSV of exactly `length` characters: a header and lines of one cell, the last one padded. */
function csvOf(length: number): string {
  const text = `a\n${'x\n'.repeat(Math.floor((length - 2) / 2))}`;
  return text.length === length ? text : `${text}y`;
}

describe('parseCsvOffThread', () => {
  it('parses a CSV of up to 32 KB without the pool, and a larger one in it', async () => {
    expect(CSV_IN_THREAD_MAX).toBe(32 * 1024);
    const run = vi.spyOn(WorkerPool.prototype, 'run').mockResolvedValue([['from the pool']]);

    const small = await parseCsvOffThread('pid,name\r\nA-1,필터\r\n', 'staff:1', '깨진 CSV');
    expect(small).toEqual([
      ['pid', 'name'],
      ['A-1', '필터'],
    ]);
    const atLimit = await parseCsvOffThread(csvOf(32 * 1024), 'staff:1', '깨진 CSV');
    expect([atLimit.length, atLimit[0]]).toEqual([16 * 1024, ['a']]);
    expect(run).not.toHaveBeenCalled();

    expect(await parseCsvOffThread(csvOf(32 * 1024 + 1), 'staff:1', '깨진 CSV')).toEqual([['from the pool']]);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('refuses a small broken CSV with the caller’s message, as the pool does', async () => {
    const refused = await parseCsvOffThread('a,b\n1,2,3\n', 'staff:1', '깨진 CSV').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect([(refused as AppError).status, (refused as AppError).message]).toEqual([400, '깨진 CSV']);
  });
});

describe('pdfRows', () => {
  const order = (lines: number) => ({ lines: Array.from({ length: lines }, () => ({})) });
  it("counts a document's table rows before it is drawn: light up to 200, a period of many orders heavy", () => {
    expect(LIGHT_PDF_ROWS).toBe(200);
    const one = { kind: 'order', input: { order: order(3) } } as unknown as PdfTask;
    expect(pdfRows(one)).toBe(4);
    const period = (orders: number) =>
      ({ kind: 'monthly', input: { orders: Array.from({ length: orders }, () => order(4)) } }) as unknown as PdfTask;
    // Each order: its lines and its shipping row.
    expect([pdfRows(period(40)), pdfRows(period(41))]).toEqual([200, 205]);
    const ledger = { kind: 'ledger', input: { rows: new Array(201) } } as unknown as PdfTask;
    expect(pdfRows(ledger)).toBe(201);
    const credit = { kind: 'creditStatement', input: { lines: new Array(12) } } as unknown as PdfTask;
    expect(pdfRows(credit)).toBe(12);
  });
});
