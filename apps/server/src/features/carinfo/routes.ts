import { asc } from 'drizzle-orm';
import { bodyPartsAnswer } from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import { bodyParts } from '../../db/schema.js';
import type { Api, AppContext } from '../../shared/context.js';
import { ok } from '../../shared/http.js';

export function carInfoRoutes(app: Api, ctx: AppContext) {
  app.post('/api/getCarInfo', { config: { access: 'public' }, schema: { tags: ['carInfo'], summary: '차체 부품 용어표 (페이지별)', response: answers(bodyPartsAnswer) } }, async () => {
    const rows = await ctx.db.select().from(bodyParts).orderBy(asc(bodyParts.page), asc(bodyParts.id));
    return ok(rows.map((r) => ({ seq: r.id, page: r.page, nameCn: r.nameCn, nameKo: r.nameKo, description: r.description })));
  });
}
