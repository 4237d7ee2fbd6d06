import { asc } from 'drizzle-orm';
import { bodyParts } from './schema.js';
import type { Api, AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { ok } from '../../shared/http.js';

export function carInfoRoutes(app: Api, ctx: AppContext) {
  route(app, 'getCarInfo', async () => {
    const rows = await ctx.db.select().from(bodyParts).orderBy(asc(bodyParts.page), asc(bodyParts.id));
    return ok(
      rows.map((r) => ({ seq: r.id, page: r.page, nameCn: r.nameCn, nameKo: r.nameKo, description: r.description })),
    );
  });
}
