import { MSG_SHOP } from '@partsmall/contract';
import { inquiries } from './schema.js';
import type { Api, AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { created, tooMany } from '../../shared/http.js';
import { recentEvents, recordEvent } from '../../shared/rate-limit.js';

const PER_HOUR = 10;

export function inquiryRoutes(app: Api, ctx: AppContext) {
  route(app, 'registerInquiry', async (req) => {
    const key = `inquiry:${req.ip}`;
    if ((await recentEvents(ctx.db, key, 3600)) >= PER_HOUR) throw tooMany(MSG_SHOP.inquiryTooMany);
    await ctx.db.insert(inquiries).values({ ...req.body, memberId: req.auth?.member.id ?? null });
    await recordEvent(ctx.db, key);
    return created(undefined, MSG_SHOP.inquiryDone);
  });
}
