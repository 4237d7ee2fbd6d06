/**
 * The shop's worker pools (docs/security.md#costly-work): uploaded files are read, and PDFs drawn,
 * off the thread that answers every request, so one costly file or a burst of statements leaves the
 * rest of the shop's answers as fast as before. Each pool is started on its first task and its idle
 * threads do not keep the process alive.
 */
import os from 'node:os';
import { MSG_DEPOSIT, type EstimateRole, type QuickOrderParse } from '@partsmall/contract';
import type { DepositFileParse } from '../features/deposits/files.js';
import type {
  CreditStatementPdfInput,
  LedgerPdfInput,
  MonthlyStatementInput,
  OrderStatementInput,
} from '../features/documents/index.js';
import { StatementInputError } from '../features/documents/statement-data.js';
import { QUICK_ORDER_FILE_MSG } from '../features/quick-order/files.js';
import { AppError, badRequest, tooMany } from '../shared/http.js';
import { parseCsv } from '../shared/csv.js';
import {
  PoolBusyError,
  PoolTimeoutError,
  PoolWorkerError,
  WorkerPool,
  type PoolOptions,
} from '../shared/worker-pool.js';

export type FileTask =
  | { kind: 'quickOrderFile'; filename: string; data: Uint8Array; columns?: EstimateRole[] }
  | { kind: 'depositFile'; filename: string; data: Uint8Array }
  | { kind: 'csv'; text: string };
export type PdfTask =
  | { kind: 'order'; input: OrderStatementInput }
  | { kind: 'monthly'; input: MonthlyStatementInput }
  | { kind: 'ledger'; input: LedgerPdfInput }
  | { kind: 'creditStatement'; input: CreditStatementPdfInput };

/**
 * Files: one thread (a file is read in well under a second; waiting a moment beats a second core
 * taken from the shop), eight waiting at most, two at a time per account (two tabs). 10 s of CPU and
 * 256 MB per file: a legitimate 500-line estimate takes a fraction of either.
 */
export const FILE_POOL: Omit<PoolOptions, 'entry'> = {
  size: 1,
  maxQueued: 8,
  perKey: 2,
  timeoutMs: 10_000,
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
};

/**
 * PDFs: one thread per core beyond the first, at most two (the first core answers requests), and
 * one more for light documents (at most LIGHT_PDF_ROWS rows: an order's 거래명세서, a short period),
 * which so never wait behind a year's statement; 40 waiting at most over all companies, taken by
 * turns between companies, four per company (or per staff member) waiting or being drawn.
 * 120 s of CPU and 512 MB per document: a 5,000-row statement, the largest allowed, takes a few seconds of
 * CPU, but the worker runs at a lower priority and gives way to the requests on a busy machine.
 */
export const PDF_POOL: Omit<PoolOptions, 'entry'> = {
  size: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  lightSlots: 1,
  maxQueued: 40,
  perKey: 4,
  timeoutMs: 120_000,
  resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
};

export const MSG_PDF = {
  busy: '지금은 문서를 만드는 요청이 많습니다. 잠시 후 다시 시도하세요.',
  busyForYou: `문서를 이미 ${PDF_POOL.perKey}건 만들고 있습니다. 받은 뒤에 다시 요청하세요.`,
  failed: '문서를 만드는 데 시간이 너무 오래 걸려 멈췄습니다. 기간을 나누어 다시 발급하세요.',
} as const;

let files: WorkerPool<FileTask, unknown> | null = null;
let pdfs: WorkerPool<PdfTask, Uint8Array> | null = null;
const filePool = () => (files ??= new WorkerPool({ entry: 'file-worker', ...FILE_POOL }));
const pdfPool = () => (pdfs ??= new WorkerPool({ entry: 'pdf-worker', ...PDF_POOL }));

/**
 * Reads an uploaded file in the file pool, its bytes copied and handed over to the worker: a full
 * pool or key answers 429 (`msg.busy`); a file past the pool's time or memory limit is refused like
 * any bad file, as the reader would (`msg.tooHeavy`; a worker that failed otherwise: `msg.broken`).
 */
async function readFileOffThread<T>(
  task: Extract<FileTask, { data: Uint8Array }>,
  key: string,
  msg: { busy: string; tooHeavy: string; broken: string },
): Promise<T | { ok: false; message: string }> {
  const data = Uint8Array.from(task.data);
  try {
    return (await filePool().run({ ...task, data }, key, [data.buffer])) as T;
  } catch (err) {
    if (err instanceof PoolBusyError) throw tooMany(msg.busy);
    const heavy = err instanceof PoolTimeoutError || err instanceof PoolWorkerError;
    return { ok: false, message: heavy ? msg.tooHeavy : msg.broken };
  }
}

/**
 * Reads a quick-order file in the file pool. A file that takes too long or too much memory is
 * refused like any bad file (the reader's Korean message); a full pool or an account with two files
 * already being read answers 429.
 */
export function readQuickOrderFileOffThread(
  file: { filename: string; data: Uint8Array; columns?: EstimateRole[] },
  key: string,
): Promise<QuickOrderParse> {
  const columns = file.columns ? { columns: file.columns } : {};
  return readFileOffThread<QuickOrderParse>(
    { kind: 'quickOrderFile', filename: file.filename, data: file.data, ...columns },
    key,
    QUICK_ORDER_FILE_MSG,
  );
}

/**
 * Reads a bank's 입금내역 file in the file pool (docs/security.md#costly-work): past the pool's time or
 * memory limit it is refused like any bad file; a full pool answers 429.
 */
export function readDepositFileOffThread(
  file: { filename: string; data: Uint8Array },
  key: string,
): Promise<DepositFileParse> {
  return readFileOffThread<DepositFileParse>(
    { kind: 'depositFile', filename: file.filename, data: file.data },
    key,
    MSG_DEPOSIT,
  );
}

export const MSG_CSV_TOO_HEAVY =
  'CSV 파일을 읽는 데 시간이나 메모리가 너무 많이 들어 멈췄습니다. 파일을 나누어 올리세요.';

/**
 * The largest CSV text (characters) parsed on the request's own thread: the worst such text, 32 K characters
 * of commas or of quoted quotes, is 30-45 ms of parsing on a loaded two-core machine, a few lines
 * a fraction of a millisecond. Each file pool thread starts on its first task, from the source
 * through tsx 2-4 s on that machine (0.4 s built), which a three-line import waited for after every
 * start (docs/security.md#costly-work).
 */
export const CSV_IN_THREAD_MAX = 32 * 1024;

/**
 * Parses CSV text (shared/csv.ts parseCsv), past CSV_IN_THREAD_MAX characters in the file pool;
 * `broken` is the caller's message for a file that does not parse. Past the pool's time or memory
 * limit: 400 MSG_CSV_TOO_HEAVY.
 */
export async function parseCsvOffThread(text: string, key: string, broken: string): Promise<string[][]> {
  if (text.length <= CSV_IN_THREAD_MAX) {
    try {
      return parseCsv(text);
    } catch {
      throw badRequest(broken, 'csv');
    }
  }
  try {
    return (await filePool().run({ kind: 'csv', text }, key)) as string[][];
  } catch (err) {
    if (err instanceof PoolBusyError) throw tooMany(QUICK_ORDER_FILE_MSG.busy);
    const heavy = err instanceof PoolTimeoutError || err instanceof PoolWorkerError;
    throw badRequest(heavy ? MSG_CSV_TOO_HEAVY : broken, 'csv');
  }
}

/** A document of this many table rows at most is light: a fraction of a second to draw. */
export const LIGHT_PDF_ROWS = 200;

/** The table rows a document will draw: its cost, known before it is drawn. */
export function pdfRows(task: PdfTask): number {
  switch (task.kind) {
    case 'order':
      return task.input.order.lines.length + 1;
    case 'monthly':
      return task.input.orders.reduce((n, o) => n + o.lines.length + 1, 0);
    case 'ledger':
      return task.input.rows.length;
    case 'creditStatement':
      return task.input.lines.length;
  }
}

/**
 * Draws a PDF in the PDF pool, `key` naming whose documents are counted together (a company, or a
 * staff member). A full pool or key answers 429; an input the document cannot hold (more rows than
 * allowed) throws StatementInputError as when drawn in place; a document past its time or memory
 * limit answers 503.
 */
export async function renderPdf(task: PdfTask, key: string): Promise<Buffer> {
  try {
    const bytes = await pdfPool().run(task, key, [], pdfRows(task) <= LIGHT_PDF_ROWS);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if (err instanceof PoolBusyError) throw tooMany(err.reason === 'key' ? MSG_PDF.busyForYou : MSG_PDF.busy);
    if (err instanceof Error && err.name === 'StatementInputError') throw new StatementInputError(err.message);
    throw new AppError(503, MSG_PDF.failed);
  }
}
