/**
 * Worker thread (shared/worker-pool.ts) that reads uploaded files: a quick-order spreadsheet or CSV,
 * a bank's 입금내역 file, and the back office's CSV imports. Nothing here touches the database.
 */
import { parentPort } from 'node:worker_threads';
import { parseCsv } from '../shared/csv.js';
import { serveTasks } from '../shared/worker-pool.js';
import { readQuickOrderFile } from '../features/quick-order/files.js';
import { readDepositFile } from '../features/deposits/files.js';
import type { FileTask } from './pools.js';

// pdf.js is loaded before the worker says it is ready, so that its load counts against the worker's
// start (60 s) and not against the first PDF's 10 s: on a loaded machine that first load alone took
// longer, and a two-line estimate was refused as too heavy (docs/security.md#costly-work).
await import('pdfjs-dist/legacy/build/pdf.mjs');

serveTasks<FileTask, unknown>(parentPort!, async (task) => {
  if (task.kind === 'quickOrderFile') return { value: await readQuickOrderFile(task) };
  if (task.kind === 'depositFile') return { value: await readDepositFile(task) };
  return { value: parseCsv(task.text) };
});
