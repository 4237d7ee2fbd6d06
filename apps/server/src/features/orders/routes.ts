import { z } from 'zod';
import { MSG_ORDER, orderListRequest, orderMoveRequest, paymentRequest } from '@partsmall/contract';
import { type Api, type AppContext, requireCompanyMember, requireStaff } from '../../shared/context.js';
import { created, ok } from '../../shared/http.js';
import { payOrder } from './payment.js';
import { listOrders, moveOrder, orderDetail, orderEventsOf } from './service.js';

const tags = ['orders'];
const seqRequest = z.object({ seq: z.number().int().min(1).max(2_147_483_647) });

export function orderRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  app.post('/api/getMallOrderInfo', { schema: { tags, summary: '주문 내역 (15건씩, 날짜 구간)', body: orderListRequest } }, async (req) => {
    const { companyId } = requireCompanyMember(req);
    const { results, total } = await listOrders(db, companyId, req.body);
    return ok(results, undefined, total);
  });

  app.post('/api/getMallOrderDetail', { schema: { tags, summary: '주문 상세', body: seqRequest } }, async (req) => {
    const { companyId } = requireCompanyMember(req);
    return ok(await orderDetail(db, companyId, req.body.seq));
  });

  /** Paying over HTTP: the same service the trade channel's requestPaymentProduct uses. */
  app.post('/api/requestPaymentProduct', { schema: { tags, summary: '캐시 결제 (거래 채널과 같은 처리)', body: paymentRequest } }, async (req) => {
    const auth = requireCompanyMember(req);
    const result = await payOrder(db, { memberId: auth.member.id, companyId: auth.companyId }, req.body);
    await ctx.realtime.pushBaseInfo(auth.companyId);
    return created(result, MSG_ORDER.paid);
  });

  app.post('/api/cancelMallOrder', { schema: { tags, summary: '주문 취소 (주문 당일, 구매요청 상태)', body: seqRequest } }, async (req) => {
    const auth = requireCompanyMember(req);
    await moveOrder(db, { seq: req.body.seq, status: 3, companyId: auth.companyId, actor: 'buyer', memberId: auth.member.id });
    await ctx.realtime.pushBaseInfo(auth.companyId);
    return created(await orderDetail(db, auth.companyId, req.body.seq), MSG_ORDER.cancelled);
  });

  app.post(
    '/api/returnMallOrder',
    { schema: { tags, summary: '반품 신청 (출고완료 후 20일 이내, 사유 0-3)', body: seqRequest.extend({ returnReason: z.number().int().min(0).max(3) }) } },
    async (req) => {
      const auth = requireCompanyMember(req);
      await moveOrder(db, { seq: req.body.seq, status: 4, companyId: auth.companyId, actor: 'buyer', memberId: auth.member.id, returnReason: req.body.returnReason });
      return created(await orderDetail(db, auth.companyId, req.body.seq), MSG_ORDER.returnRequested);
    },
  );

  app.post('/api/admin/setOrderStatus', { schema: { tags, summary: '직원: 주문 상태 변경', body: orderMoveRequest } }, async (req) => {
    const staff = requireStaff(req);
    const moved = await moveOrder(db, { ...req.body, companyId: null, actor: 'staff', memberId: staff.member.id });
    await ctx.realtime.pushBaseInfo(moved.companyId);
    return created(await orderDetail(db, null, req.body.seq), MSG_ORDER.statusChanged);
  });

  app.post('/api/admin/getOrderEvents', { schema: { tags, summary: '직원: 주문 상태 이력', body: seqRequest } }, async (req) => {
    requireStaff(req);
    return ok(await orderEventsOf(db, req.body.seq));
  });
}
