import { MSG_ORDER, type CompanyLevel } from '@partsmall/contract';
import { buyerOf, requireCompanyMember, type Api, type AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { created, ok } from '../../shared/http.js';
import type { AuthContext } from '../auth/index.js';
import { fitsOfProducts } from '../vehicles/index.js';
import { addToCart, cartLines, formQuantity, paymentItems, setCartLineJobRef, updateCartQuantity } from './service.js';

/** The company's price level, from the request context (its one query read it with the session). */
const levelOf = (auth: AuthContext): CompanyLevel => auth.company?.level ?? 'd';

export function cartRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  route(app, 'addToBuy', async (req) => {
    const auth = requireCompanyMember(req);
    return created(await paymentItems(db, levelOf(auth), req.body.productId, formQuantity(req.body), req.body.vin));
  });

  route(app, 'addToCart', async (req) => {
    const auth = requireCompanyMember(req);
    await addToCart(db, ctx.events, buyerOf(auth), req.body.productId, formQuantity(req.body), req.body.vin);
    return created(undefined, MSG_ORDER.addedToCart);
  });

  route(app, 'getMallCartInfo', async (req) => {
    const auth = requireCompanyMember(req);
    const { lines, total } = await cartLines(db, buyerOf(auth), levelOf(auth), req.body.page, req.body.size);
    const fits = await fitsOfProducts(db, auth.companyId, [...new Set(lines.map((l) => l.productInfo.seq))]);
    for (const line of lines) line.fitsMyVehicles = fits.get(line.productInfo.seq) ?? [];
    return ok(lines, undefined, total);
  });

  route(app, 'updateCartQuantity', async (req) => {
    const auth = requireCompanyMember(req);
    await updateCartQuantity(db, ctx.events, buyerOf(auth), req.body.seq, req.body.qty);
    return created(undefined, MSG_ORDER.qtyUpdated);
  });

  route(app, 'setCartLineJobRef', async (req) => {
    const auth = requireCompanyMember(req);
    await setCartLineJobRef(db, buyerOf(auth), req.body.seq, req.body.jobRef);
    return created(undefined, MSG_ORDER.jobRefSaved);
  });
}
