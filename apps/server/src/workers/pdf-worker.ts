/**
 * Worker thread (shared/worker-pool.ts) that draws the shop's PDFs from plain inputs (documents/):
 * 거래명세서 of an order or a period, and the 캐시 원장. Nothing here touches the database.
 */
import { parentPort } from 'node:worker_threads';
import {
  creditStatementPdfStream,
  ledgerPdfStream,
  monthlyStatementStream,
  orderStatementStream,
} from '../features/documents/index.js';
import { toBuffer } from '../features/documents/pdf.js';
import { serveTasks } from '../shared/worker-pool.js';
import type { PdfTask } from './pools.js';

serveTasks<PdfTask, Uint8Array>(parentPort!, async (task) => {
  const stream =
    task.kind === 'order'
      ? await orderStatementStream(task.input)
      : task.kind === 'monthly'
        ? await monthlyStatementStream(task.input)
        : task.kind === 'ledger'
          ? await ledgerPdfStream(task.input)
          : await creditStatementPdfStream(task.input);
  const pdf = await toBuffer(stream);
  // A copy of its own, so that its whole buffer can be handed over, not a slice of a shared pool.
  const bytes = new Uint8Array(pdf.byteLength);
  bytes.set(pdf);
  return { value: bytes, transfer: [bytes.buffer] };
});
