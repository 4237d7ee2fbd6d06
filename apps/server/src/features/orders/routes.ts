import { MSG_ORDER, ORDER_STATUS, type OrderView } from '@partsmall/contract';
import { buyerOf, requireCompanyMember, requireStaff, type Api, type AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { created, ok } from '../../shared/http.js';
import { recordAudit } from '../admin/repository.js';
import { invoicesOfOrders } from '../tax-invoices/index.js';
import { paidMessage, payOrder } from './payment.js';
import { appliedForAudit, listOrders, moveOrder, orderDetail, orderEventsOf, type MoveRequest } from './service.js';

export function orderRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  route(app, 'getMallOrderInfo', async (req) => {
    const { companyId } = requireCompanyMember(req);
    const { results, total } = await listOrders(db, companyId, req.body);
    const invoices = await invoicesOfOrders(
      db,
      companyId,
      results.map((o) => o.seq),
    );
    return ok(
      results.map((o) => ({ ...o, ...invoices.get(o.seq) })),
      undefined,
      total,
    );
  });

  route(app, 'getMallOrderDetail', async (req) => {
    const { companyId } = requireCompanyMember(req);
    const order = await orderDetail(db, companyId, req.body.seq);
    return ok({ ...order, ...(await invoicesOfOrders(db, companyId, [order.seq])).get(order.seq) });
  });

  /** Paying over HTTP: the same service the trade channel's requestPaymentProduct uses. */
  route(app, 'requestPaymentProduct', async (req) => {
    const auth = requireCompanyMember(req);
    const result = await payOrder(db, ctx.events, buyerOf(auth), req.body);
    return created(result, paidMessage(result));
  });

  /** The buyer moves their own order (cancel, ask for a return); answers the order after it. */
  const buyerMove = async (
    buyer: { memberId: number; companyId: number },
    move: Pick<MoveRequest, 'seq' | 'status' | 'returnReason'>,
    message: (order: OrderView) => string,
  ) => {
    await moveOrder(db, ctx.events, { ...move, ...buyer, actor: 'buyer' });
    const order = await orderDetail(db, buyer.companyId, move.seq);
    return created(order, message(order));
  };

  route(app, 'cancelMallOrder', async (req) =>
    buyerMove(
      buyerOf(requireCompanyMember(req)),
      { seq: req.body.seq, status: ORDER_STATUS.shipmentCancelled },
      // A 외상 order gets no cash back: its charge comes off what the company owes
      // (docs/requirements.md#credit-checkout).
      (order) => (order.payWith === 'credit' ? MSG_ORDER.cancelledOnCredit : MSG_ORDER.cancelled),
    ),
  );

  route(app, 'returnMallOrder', async (req) =>
    buyerMove(
      buyerOf(requireCompanyMember(req)),
      { seq: req.body.seq, status: ORDER_STATUS.returnRequested, returnReason: req.body.returnReason },
      () => MSG_ORDER.returnRequested,
    ),
  );

  route(app, 'adminSetOrderStatus', async (req) => {
    const staff = requireStaff(req);
    const { seq, status, note, carrier, waybill } = req.body;
    await moveOrder(db, ctx.events, {
      ...req.body,
      companyId: null,
      actor: 'staff',
      memberId: staff.member.id,
      // The row records what the move gave back, as it gave it (docs/security.md#back-office-audit).
      onMoved: (tx, applied) =>
        recordAudit(tx, {
          memberId: staff.member.id,
          action: 'setOrderStatus',
          target: `order:${seq}`,
          before: { status: applied.from },
          after: { status, note, carrier, waybill, ...appliedForAudit(applied) },
        }),
    });
    return created(await orderDetail(db, null, req.body.seq), MSG_ORDER.statusChanged);
  });

  route(app, 'adminGetOrderEvents', async (req) => {
    requireStaff(req);
    return ok(await orderEventsOf(db, req.body.seq));
  });
}
