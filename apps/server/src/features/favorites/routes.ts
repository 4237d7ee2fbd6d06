import { MSG_FAVORITES } from '@partsmall/contract';
import { type Api, type AppContext, requireCompanyMember } from '../../shared/context.js';
import { created, ok } from '../../shared/http.js';
import { route } from '../../shared/route.js';
import { listFavorites, productMarks, setFavorite, setRestockAlert } from './service.js';

/** 관심상품 and 재입고 알림 (docs/requirements.md#favourites): main and sub-accounts alike. */
export function favoriteRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  const who = (req: Parameters<typeof requireCompanyMember>[0]) => {
    const auth = requireCompanyMember(req);
    return { memberId: auth.member.id, companyId: auth.companyId, level: auth.company?.level ?? 'd' };
  };

  route(app, 'getFavorites', async (req) => {
    const w = who(req);
    const { rows, total } = await listFavorites(db, w, w.level, req.body);
    return ok(rows, undefined, total);
  });

  route(app, 'setFavorite', async (req) => {
    const { productId, on } = req.body;
    await setFavorite(db, who(req), productId, on);
    return created({ productId, on }, on ? MSG_FAVORITES.added : MSG_FAVORITES.removed);
  });

  route(app, 'getProductMarks', async (req) => ok(await productMarks(db, who(req))));

  route(app, 'setRestockAlert', async (req) => {
    const { productId, on } = req.body;
    await setRestockAlert(db, who(req), productId, on);
    return created({ productId, on }, on ? MSG_FAVORITES.restockOn : MSG_FAVORITES.restockOff);
  });
}
