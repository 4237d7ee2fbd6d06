import type { FastifyBaseLogger } from 'fastify';
import { MSG_MEMBER, type CallAnswer, type PendingTransfer } from '@partsmall/contract';
import { type Api, type AppContext, requireMainAccount } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { notFound, ok } from '../../shared/http.js';
import { shopAccountHolder } from '../mall/index.js';
import type { PaymentGateway } from './gateway.js';
import { transferDue, virtualAccount, type SandboxGateway } from './sandbox.js';
import { paymentByGatewayId, pendingTransfers, type PaymentRow } from './service.js';
import { tossPendingAccount } from './toss-apply.js';
import type { TossGateway } from './toss.js';

/**
 * What a buyer reads of payments still under way (docs/requirements.md#payments): the transfers
 * waiting for their deposit, with the account to pay into, and one payment's status once its window
 * closed.
 */
export function pendingPaymentRoutes(
  app: Api,
  ctx: AppContext,
  o: { gateway: PaymentGateway; sandbox: SandboxGateway; toss: TossGateway | null },
) {
  const { db } = ctx;
  const { gateway, sandbox, toss } = o;

  /**
   * Where a pending transfer is paid: the sandbox's fixed account, or the account Toss issued
   * (tossPendingAccount); its 예금주 is `holder`, the shop. An account past its due time at `now` takes
   * no deposit and is not listed, whichever provider issued it (at the due time itself it still is).
   */
  async function depositAccount(
    p: PaymentRow,
    log: FastifyBaseLogger,
    holder: string,
    now: number,
  ): Promise<PendingTransfer | null> {
    const account =
      gateway === sandbox
        ? { ...virtualAccount(p.gatewayId), dueDate: transferDue(p.createdAt).toISOString() }
        : toss && (await tossPendingAccount(db, ctx.events, toss, log, p));
    if (!account || (account.dueDate !== null && Date.parse(account.dueDate) < now)) return null;
    const base = { paymentId: p.gatewayId, product_name: p.productName, amount: p.amount, holder };
    return { ...base, created: p.createdAt.toISOString(), ...account };
  }

  route(app, 'mallPendingTransfers', async (req) => {
    const auth = requireMainAccount(req);
    const rows = await pendingTransfers(db, auth.companyId, req.body.kind ?? 'point', gateway.name);
    const holder = await shopAccountHolder(db);
    // The app's clock, read once: every transfer of the list is judged at the same instant.
    const now = Date.now();
    const listed = await Promise.all(rows.map((row) => depositAccount(row, req.log, holder, now)));
    return ok(listed.filter((t): t is PendingTransfer => t !== null));
  });

  // Where one payment of the caller's company stands, read by the page once its window closed.
  route(app, 'mallPaymentStatus', async (req) => {
    const auth = requireMainAccount(req);
    const p = await paymentByGatewayId(db, gateway.name, req.body.paymentId);
    if (!p || p.companyId !== auth.companyId) throw notFound(MSG_MEMBER.paymentNotFound);
    // The columns hold only the contract's codes and statuses (the service writes nothing else).
    type Status = CallAnswer<'mallPaymentStatus'>['results'];
    return ok({
      paymentId: p.gatewayId,
      pgcode: p.pgcode as Status['pgcode'],
      status: p.status as Status['status'],
    });
  });
}
