import { MSG_SHOP } from '@partsmall/contract';
import type { Api, AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { notFound, ok } from '../../shared/http.js';
import { sanitizeNoticeHtml } from './sanitize.js';
import { listNotices, noticeById } from './service.js';

export function noticeRoutes(app: Api, ctx: AppContext) {
  route(app, 'getMallNotice', async (req) => {
    const b = req.body;
    if (b.seq !== undefined) {
      const notice = await noticeById(ctx.db, b.seq);
      if (!notice) throw notFound(MSG_SHOP.noticeNotFound);
      // Sanitised again on the way out, in case a row was written by other means.
      return ok({ ...notice, content: sanitizeNoticeHtml(notice.content) });
    }
    const { rows, total } = await listNotices(ctx.db, b);
    return ok(rows, rows.length ? undefined : MSG_SHOP.noInfo, total);
  });
}
