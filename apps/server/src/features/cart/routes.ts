import { MSG_ORDER, type CompanyLevel, buyAnswer, buyOrCartForm, cartPageAnswer, cartWriteAnswer, updateCartQuantityRequest } from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import { z } from 'zod';
import { type Api, type AppContext, requireCompanyMember } from '../../shared/context.js';
import { created, ok } from '../../shared/http.js';
import type { AuthContext } from '../auth/sessions.js';
import { addToCart, cartLines, paymentItems, updateCartQuantity } from './service.js';

const tags = ['cart'];
const cartListRequest = z.object({
  searchKeyword: z.string().max(50).optional(),
  searchType: z.string().max(20).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).transform((n) => Math.min(n, 64)).default(64),
});

/** The company's price level, from the request context (its one query read it with the session). */
const levelOf = (auth: AuthContext): CompanyLevel => auth.company?.level ?? 'd';

export function cartRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  app.post('/api/addToBuy', { config: { access: 'company' }, schema: { tags, summary: '바로구매: 결제할 상품 (201)', body: buyOrCartForm, response: answers(buyAnswer) } }, async (req) => {
    const auth = requireCompanyMember(req);
    const qty = req.body.hasAmount ?? req.body.qty!;
    return created(await paymentItems(db, levelOf(auth), req.body.productId, qty, req.body.vin));
  });

  app.post('/api/addToCart', { config: { access: 'company' }, schema: { tags, summary: '장바구니 담기 (201)', body: buyOrCartForm, response: answers(cartWriteAnswer) } }, async (req) => {
    const auth = requireCompanyMember(req);
    await addToCart(db, { memberId: auth.member.id, companyId: auth.companyId }, req.body.productId, req.body.hasAmount ?? req.body.qty!, req.body.vin);
    return created(undefined, MSG_ORDER.addedToCart);
  });

  app.post('/api/getMallCartInfo', { config: { access: 'company' }, schema: { tags, summary: '장바구니 (64개씩)', body: cartListRequest, response: answers(cartPageAnswer) } }, async (req) => {
    const auth = requireCompanyMember(req);
    const { lines, total } = await cartLines(db, { memberId: auth.member.id, companyId: auth.companyId }, levelOf(auth), req.body.page, req.body.size);
    return ok(lines, undefined, total);
  });

  app.post('/api/updateCartQuantity', { config: { access: 'company' }, schema: { tags, summary: '장바구니 수량 변경 (201)', body: updateCartQuantityRequest, response: answers(cartWriteAnswer) } }, async (req) => {
    const auth = requireCompanyMember(req);
    await updateCartQuantity(db, { memberId: auth.member.id, companyId: auth.companyId }, req.body.seq, req.body.qty);
    return created(undefined, MSG_ORDER.qtyUpdated);
  });
}
