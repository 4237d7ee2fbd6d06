import { z } from 'zod';
import { MSG_MEMBER, MSG_ORDER, PAGE_SIZE, deliveryInfoAnswer, emptyAnswer, savedAddressRequest, savedSeqAnswer, seqRequest, shippingAddressPageAnswer } from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import { type Api, type AppContext, requireCompanyMember } from '../../shared/context.js';
import { created, ok } from '../../shared/http.js';
import { deleteAddress, listAddresses, saveAddress, setBasicAddress } from './service.js';
import { deliveryAnswer, readDeliveryOptions } from './delivery-options.js';

const tags = ['shipping'];
const addressListRequest = z.object({
  searchType: z.enum(['name', 'phone', '']).optional(),
  searchKeyword: z.string().max(50).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).transform((n) => Math.min(n, PAGE_SIZE.max)).default(PAGE_SIZE.memberArea),
});

export function shippingRoutes(app: Api, ctx: AppContext) {
  app.post('/api/getMyShippingInfo', { config: { access: 'company' }, schema: { tags, summary: '저장된 배송지 목록', body: addressListRequest, response: answers(shippingAddressPageAnswer) } }, async (req) => {
    const { companyId } = requireCompanyMember(req);
    const { results, total } = await listAddresses(ctx.db, companyId, req.body);
    return ok(results, undefined, total);
  });

  app.post('/api/setMallShppingInfo', { config: { access: 'company' }, schema: { tags, summary: '배송지 저장 (seq가 있으면 수정)', body: savedAddressRequest, response: answers(savedSeqAnswer) } }, async (req) => {
    const { companyId } = requireCompanyMember(req);
    const seq = await saveAddress(ctx.db, companyId, req.body);
    return created({ seq }, MSG_ORDER.addressSaved);
  });

  app.post('/api/setMallShippingBasic', { config: { access: 'company' }, schema: { tags, summary: '기본 배송지로 설정', body: seqRequest, response: answers(emptyAnswer) } }, async (req) => {
    const { companyId } = requireCompanyMember(req);
    await setBasicAddress(ctx.db, companyId, req.body.seq);
    return created(undefined, MSG_MEMBER.addressBasicSet);
  });

  app.post('/api/stateShippingInfo', { config: { access: 'company' }, schema: { tags, summary: '배송지 삭제', body: seqRequest, response: answers(emptyAnswer) } }, async (req) => {
    const { companyId } = requireCompanyMember(req);
    await deleteAddress(ctx.db, companyId, req.body.seq);
    return created(undefined, MSG_MEMBER.addressDeleted);
  });

  app.post('/api/getDeliInfo', { config: { access: 'company' }, schema: { tags, summary: '창고별 배송 방법과 배송비 결제 방식', response: answers(deliveryInfoAnswer) } }, async (req) => {
    requireCompanyMember(req);
    return ok(deliveryAnswer(await readDeliveryOptions(ctx.db)));
  });
}
