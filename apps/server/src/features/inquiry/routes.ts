import { and, eq, gt } from 'drizzle-orm';
import { MSG_SHOP } from '@partsmall/contract';
import { inquiries } from './schema.js';
import { lockFor } from '../../db/locks.js';
import type { Api, AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { created, tooMany } from '../../shared/http.js';
import { recentEvents, recordEvent } from '../../shared/rate-limit.js';

const PER_HOUR = 10;
/** An inquiry sent again within this time, word for word from the same phone, is the one already sent. */
const SAME_WITHIN_MS = 10 * 60_000;

export function inquiryRoutes(app: Api, ctx: AppContext) {
  route(app, 'registerInquiry', async (req) => {
    const key = `inquiry:${req.clientAddress}`;
    // A double click or a retried request stores one row (docs/requirements.md#entities): saves of one
    // phone run one after another, so the second of two at once finds the first's row. The hourly
    // limit is asked only after that: a repeat is the inquiry already sent, answered 201 as before.
    const stored = await ctx.db.transaction(async (tx) => {
      await lockFor(tx, 'inquiry', req.body.phone);
      const [same] = await tx
        .select({ id: inquiries.id })
        .from(inquiries)
        .where(
          and(
            eq(inquiries.phone, req.body.phone),
            eq(inquiries.qnaType, req.body.qnaType),
            eq(inquiries.content, req.body.content),
            gt(inquiries.createdAt, new Date(Date.now() - SAME_WITHIN_MS)),
          ),
        )
        .limit(1);
      if (same) return false;
      if ((await recentEvents(tx, key, 3600)) >= PER_HOUR) throw tooMany(MSG_SHOP.inquiryTooMany);
      await tx.insert(inquiries).values({ ...req.body, memberId: req.auth?.member.id ?? null });
      return true;
    });
    if (stored) await recordEvent(ctx.db, key);
    return created(undefined, MSG_SHOP.inquiryDone);
  });
}
