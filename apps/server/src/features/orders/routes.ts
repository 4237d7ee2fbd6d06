import { z } from 'zod';
import {
  ADMIN_CALLS,
  MSG_ORDER,
  orderAnswer,
  orderEventsAnswer,
  orderListRequest,
  orderMoveRequest,
  orderPageAnswer,
  paymentAnswer,
  paymentRequest,
} from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import { type Api, type AppContext, requireCompanyMember, requireStaff } from '../../shared/context.js';
import { created, ok } from '../../shared/http.js';
import { recordAudit } from '../admin/audit.js';
import { invoicesOfOrders } from '../tax-invoices/list.js';
import { payOrder } from './payment.js';
import { listOrders, moveOrder, orderDetail, orderEventsOf } from './service.js';

const tags = ['orders'];
const seqRequest = z.object({ seq: z.number().int().min(1).max(2_147_483_647) });

export function orderRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  app.post('/api/getMallOrderInfo', { config: { access: 'company' }, schema: { tags, summary: '주문 내역 (15건씩, 날짜 구간)', body: orderListRequest, response: answers(orderPageAnswer) } }, async (req) => {
    const { companyId } = requireCompanyMember(req);
    const { results, total } = await listOrders(db, companyId, req.body);
    const invoices = await invoicesOfOrders(db, companyId, results.map((o) => o.seq));
    return ok(results.map((o) => (invoices.has(o.seq) ? { ...o, taxInvoice: invoices.get(o.seq) } : o)), undefined, total);
  });

  app.post('/api/getMallOrderDetail', { config: { access: 'company' }, schema: { tags, summary: '주문 상세', body: seqRequest, response: answers(orderAnswer) } }, async (req) => {
    const { companyId } = requireCompanyMember(req);
    const order = await orderDetail(db, companyId, req.body.seq);
    const invoice = (await invoicesOfOrders(db, companyId, [order.seq])).get(order.seq);
    return ok(invoice ? { ...order, taxInvoice: invoice } : order);
  });

  /** Paying over HTTP: the same service the trade channel's requestPaymentProduct uses. */
  app.post('/api/requestPaymentProduct', { config: { access: 'company' }, schema: { tags, summary: '캐시 결제 (거래 채널과 같은 처리; clientRequestId가 있으면 같은 요청은 한 번만 결제)', body: paymentRequest, response: answers(paymentAnswer) } }, async (req) => {
    const auth = requireCompanyMember(req);
    const result = await payOrder(db, { memberId: auth.member.id, companyId: auth.companyId }, req.body);
    await ctx.realtime.pushBaseInfo(auth.companyId);
    return created(result, MSG_ORDER.paid);
  });

  app.post('/api/cancelMallOrder', { config: { access: 'company' }, schema: { tags, summary: '주문 취소 (주문 당일, 구매요청 상태)', body: seqRequest, response: answers(orderAnswer) } }, async (req) => {
    const auth = requireCompanyMember(req);
    await moveOrder(db, { seq: req.body.seq, status: 3, companyId: auth.companyId, actor: 'buyer', memberId: auth.member.id });
    await ctx.realtime.pushBaseInfo(auth.companyId);
    return created(await orderDetail(db, auth.companyId, req.body.seq), MSG_ORDER.cancelled);
  });

  app.post(
    '/api/returnMallOrder',
    { config: { access: 'company' }, schema: { tags, summary: '반품 신청 (출고완료 후 20일 이내, 사유 0-3)', body: seqRequest.extend({ returnReason: z.number().int().min(0).max(3) }), response: answers(orderAnswer) } },
    async (req) => {
      const auth = requireCompanyMember(req);
      await moveOrder(db, { seq: req.body.seq, status: 4, companyId: auth.companyId, actor: 'buyer', memberId: auth.member.id, returnReason: req.body.returnReason });
      return created(await orderDetail(db, auth.companyId, req.body.seq), MSG_ORDER.returnRequested);
    },
  );

  app.post(ADMIN_CALLS.setOrderStatus.path, { config: { access: ADMIN_CALLS.setOrderStatus.role }, schema: { tags, summary: '직원: 주문 상태 변경', body: orderMoveRequest, response: answers(orderAnswer) } }, async (req) => {
    const staff = requireStaff(req);
    const { seq, status, note, carrier, waybill } = req.body;
    const moved = await moveOrder(db, {
      ...req.body,
      companyId: null,
      actor: 'staff',
      memberId: staff.member.id,
      onMoved: (tx, from) =>
        recordAudit(tx, { memberId: staff.member.id, action: 'setOrderStatus', target: `order:${seq}`, before: { status: from }, after: { status, note, carrier, waybill } }),
    });
    await ctx.realtime.pushBaseInfo(moved.companyId);
    return created(await orderDetail(db, null, req.body.seq), MSG_ORDER.statusChanged);
  });

  app.post(ADMIN_CALLS.getOrderEvents.path, { config: { access: ADMIN_CALLS.getOrderEvents.role }, schema: { tags, summary: '직원: 주문 상태 이력', body: seqRequest, response: answers(orderEventsAnswer) } }, async (req) => {
    requireStaff(req);
    return ok(await orderEventsOf(db, req.body.seq));
  });
}
