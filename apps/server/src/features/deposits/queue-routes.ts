import { MSG_CREDIT, MSG_DEPOSIT } from '@partsmall/contract';
import { recordAudit } from '../admin/repository.js';
import { type Api, type AppContext, requireStaff } from '../../shared/context.js';
import { AppError, notFound, ok } from '../../shared/http.js';
import { route } from '../../shared/route.js';
import { applyDeposit } from './apply.js';
import { companyName, depositRows, lockDeposit, reviewQueue, setDepositAside, teachName } from './record.js';

/**
 * The review queue in the back office (docs/requirements.md#credit-deposits): staff read it, assign a
 * queued deposit to its company, set aside one that pays no company, or put one set aside by mistake
 * back. Each write locks the deposit and checks its status under the lock, so two at once cannot both
 * act on it; each is audited.
 */
export function depositQueueRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  route(app, 'adminDepositQueue', async (req) => {
    requireStaff(req);
    const queue = await reviewQueue(db, req.body.status);
    return ok(await depositRows(db, queue.rows), undefined, queue.total);
  });

  route(app, 'adminAssignDeposit', async (req) => {
    const auth = requireStaff(req);
    const { seq, companyId } = req.body;
    const name = await companyName(db, companyId);
    if (!name) throw notFound(MSG_CREDIT.companyNotFound);
    const deposit = await db.transaction(async (tx) => {
      const before = await lockDeposit(tx, seq);
      if (!before) throw notFound(MSG_CREDIT.depositNotFound);
      if (before.status !== 'review') throw new AppError(409, MSG_CREDIT.depositResolved, 409, 'seq');
      await applyDeposit(tx, before, companyId, { memberId: auth.member.id });
      // The name now names this company: its later deposits match by themselves.
      await teachName(tx, companyId, before.depositorName, auth.member.id);
      await recordAudit(tx, {
        memberId: auth.member.id,
        action: 'assignDeposit',
        target: `deposit:${seq}`,
        before: { status: before.status, companyId: null },
        after: { status: 'applied', companyId },
      });
      return (await lockDeposit(tx, seq))!;
    });
    const [row] = await depositRows(db, [deposit]);
    return ok(row!, MSG_DEPOSIT.assigned);
  });

  route(app, 'adminDismissDeposit', async (req) => {
    const auth = requireStaff(req);
    const { seq, reason } = req.body;
    const deposit = await db.transaction(async (tx) => {
      const before = await lockDeposit(tx, seq);
      if (!before) throw notFound(MSG_CREDIT.depositNotFound);
      // Assigned, set aside or taken back by a request that held the lock first: nothing changes.
      if (before.status !== 'review') throw new AppError(409, MSG_CREDIT.depositResolved, 409, 'seq');
      const after = await setDepositAside(tx, seq, { reason, at: new Date() });
      await recordAudit(tx, {
        memberId: auth.member.id,
        action: 'dismissDeposit',
        target: `deposit:${seq}`,
        before: { status: before.status },
        after: { status: after.status, reason },
      });
      return after;
    });
    const [row] = await depositRows(db, [deposit]);
    return ok(row!, MSG_DEPOSIT.dismissed);
  });

  route(app, 'adminRestoreDeposit', async (req) => {
    const auth = requireStaff(req);
    const { seq } = req.body;
    const deposit = await db.transaction(async (tx) => {
      const before = await lockDeposit(tx, seq);
      if (!before) throw notFound(MSG_CREDIT.depositNotFound);
      if (before.status !== 'ignored') throw new AppError(409, MSG_CREDIT.depositNotDismissed, 409, 'seq');
      const after = await setDepositAside(tx, seq, null);
      await recordAudit(tx, {
        memberId: auth.member.id,
        action: 'restoreDeposit',
        target: `deposit:${seq}`,
        before: { status: before.status, reason: before.dismissReason },
        after: { status: after.status },
      });
      return after;
    });
    const [row] = await depositRows(db, [deposit]);
    return ok(row!, MSG_DEPOSIT.restored);
  });
}
