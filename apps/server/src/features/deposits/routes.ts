import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  DEPOSIT_FILE_FIELD,
  DEPOSIT_FILE_MAX_BYTES,
  MSG_CREDIT,
  MSG_DEPOSIT,
  isDepositYear,
  type DepositRow,
} from '@partsmall/contract';
import type { Tx } from '../../db/client.js';
import { recordAudit } from '../admin/repository.js';
import { type Api, type AppContext, requireStaff } from '../../shared/context.js';
import { badRequest, created, notFound, ok } from '../../shared/http.js';
import { route } from '../../shared/route.js';
import { readOneFile } from '../../shared/upload.js';
import { readDepositFileOffThread } from '../../workers/pools.js';
import { creditAccountPage } from '../credit/index.js';
import { payStatementFromCash } from './cash-payment.js';
import { depositQueueRoutes } from './queue-routes.js';
import type { FileDeposit } from './files.js';
import { companyName, depositRows, importKeys, loadNameIndex, recordDeposit } from './record.js';

/** Lines of a bank file applied per transaction at most: a failure leaves whole chunks, each retried by its keys. */
const IMPORT_CHUNK = 100;
/**
 * A transaction ends once it has taken this long, and the import gives the turn to other requests
 * before the next: the embedded database runs in the server's thread, and 10,000 lines held every
 * other request for 82 s (docs/security.md#costly-work).
 */
const IMPORT_SLICE_MS = 40;

/**
 * 'YYYY-MM-DD' (a Seoul day, its start) or an ISO instant, a time without an offset read as Seoul's
 * (JavaScript reads it in the server's zone, UTC: 23:30 typed for the 31st was the 1st's 08:30, its
 * twin check on the wrong day); null when neither, or when its day is not on the calendar
 * (JavaScript reads 2026-02-30 as 2 March).
 */
export function depositInstant(text: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!day) return null;
  const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
  if (!isDepositYear(y) || m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}+09:00`;
  const at = new Date(text.length === 10 ? `${text}T00:00:00+09:00` : zoned);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The one file of the multipart upload, read in the file worker pool; each broken limit its Korean message. */
async function readUpload(req: FastifyRequest, memberId: number) {
  const file = await readOneFile(req, DEPOSIT_FILE_FIELD, DEPOSIT_FILE_MAX_BYTES, {
    missing: MSG_DEPOSIT.fileMissing,
    tooLarge: MSG_DEPOSIT.fileTooLarge,
  });
  const parsed = await readDepositFileOffThread(file, `staff:${memberId}`);
  if (!parsed.ok) throw badRequest(parsed.message, DEPOSIT_FILE_FIELD);
  return parsed.rows;
}

/**
 * Deposits in the back office (docs/requirements.md#credit-deposits): staff enter a bank deposit,
 * import a bank's 입금내역 file, and work the review queue (queue-routes.ts). Every write is audited; a deposit is recorded once per source key and applied by the ladder.
 */
export function depositRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  route(app, 'adminRecordDeposit', async (req) => {
    const auth = requireStaff(req);
    const body = req.body;
    const depositedAt = depositInstant(body.depositedAt);
    if (!depositedAt) throw badRequest(MSG_CREDIT.depositDateInvalid, 'depositedAt');
    if (depositedAt.getTime() > Date.now() + 60_000) throw badRequest(MSG_DEPOSIT.depositedAtFuture, 'depositedAt');
    if (body.companyId !== undefined && !(await companyName(db, body.companyId)))
      throw notFound(MSG_CREDIT.companyNotFound);
    const recorded = await db.transaction(async (tx) => {
      const r = await recordDeposit(
        tx,
        {
          source: 'staff',
          sourceKey: `staff:${body.clientRequestId ?? randomUUID()}`,
          depositorName: body.depositorName,
          amount: body.amount,
          depositedAt,
          companyId: body.companyId,
          recordedBy: auth.member.id,
        },
        null,
      );
      if (r.created)
        await recordAudit(tx, {
          memberId: auth.member.id,
          action: 'recordDeposit',
          target: `deposit:${r.deposit.id}`,
          before: null,
          after: {
            depositorName: body.depositorName,
            amount: body.amount,
            depositedAt,
            companyId: r.deposit.companyId,
          },
        });
      return r;
    });
    const [row] = await depositRows(db, [recorded.deposit]);
    const message = !recorded.created
      ? MSG_DEPOSIT.repeated
      : recorded.deposit.status === 'review'
        ? recorded.deposit.reviewReason === 'twin'
          ? MSG_DEPOSIT.twinQueued
          : MSG_DEPOSIT.queued
        : MSG_DEPOSIT.applied(recorded.deposit.amount);
    return recorded.created ? created(row!, message) : ok(row!, message);
  });

  // Staff pay a company's statement from its cash at its request: the buyer's 캐시 결제, done for them.
  route(app, 'adminPayStatementFromCash', async (req) => {
    const auth = requireStaff(req);
    const { companyId, seq } = req.body;
    const paid = await payStatementFromCash(db, { by: 'staff', companyId, memberId: auth.member.id }, seq);
    return created(await creditAccountPage(db, companyId), MSG_CREDIT.staffPaidFromCash(paid.amount, paid.unpaid));
  });

  depositQueueRoutes(app, ctx);

  void app.register(async (scope: Api) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
    route(scope, 'adminImportDeposits', async (req) => {
      const auth = requireStaff(req);
      if (!req.isMultipart()) throw badRequest(MSG_DEPOSIT.fileMissing, DEPOSIT_FILE_FIELD);
      const rows = await readUpload(req, auth.member.id);
      const outcome = await importDeposits(db, rows, auth.member.id);
      return ok(
        {
          rows: rows.length,
          applied: outcome.applied,
          review: outcome.review,
          duplicates: outcome.duplicates,
          errors: [],
        },
        MSG_DEPOSIT.imported(outcome.applied, outcome.review, outcome.duplicates),
      );
    });
  });
}

/**
 * Records the lines of a bank file (each once by its import key), matched and applied by the ladder,
 * in transactions of IMPORT_CHUNK lines at most, each ending after IMPORT_SLICE_MS and giving the
 * turn to other requests; the import is one audit row.
 */
export async function importDeposits(
  db: AppContext['db'],
  rows: readonly FileDeposit[],
  memberId: number,
): Promise<{ applied: number; review: number; duplicates: number }> {
  const names = await loadNameIndex(db);
  const keys = importKeys(rows);
  const keyed = rows.map((row, i) => ({ row, key: keys[i]! }));
  const counts = { applied: 0, review: 0, duplicates: 0 };
  let at = 0;
  while (at < keyed.length) {
    await db.transaction(async (tx: Tx) => {
      const first = at;
      const started = performance.now();
      do {
        const { row, key } = keyed[at]!;
        const r = await recordDeposit(
          tx,
          {
            source: 'import',
            sourceKey: key,
            depositorName: row.depositorName,
            amount: row.amount,
            depositedAt: new Date(row.depositedAt),
            recordedBy: memberId,
          },
          names,
        );
        if (!r.created) counts.duplicates++;
        else if (r.deposit.status === 'review') counts.review++;
        else counts.applied++;
        at++;
      } while (at < keyed.length && at - first < IMPORT_CHUNK && performance.now() - started < IMPORT_SLICE_MS);
      if (at >= keyed.length)
        await recordAudit(tx, {
          memberId,
          action: 'importDeposits',
          target: `deposits:${rows.length}`,
          before: null,
          after: counts,
        });
    });
    await nextTurn();
  }
  return counts;
}

export type { DepositRow };
