import { z } from 'zod';
import { mobilePhoneField, outboxAnswer } from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import type { Api, AppContext } from '../../shared/context.js';
import { ok } from '../../shared/http.js';
import { readOutbox } from '../sms/provider.js';

/** Developer helpers, registered only while the console SMS provider is in use outside production. */
export function devRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/dev/outbox',
    { config: { access: 'public' }, schema: { tags: ['dev'], summary: '개발용 문자 발신함 (최신순)', querystring: z.object({ phone: mobilePhoneField }), response: answers(outboxAnswer) } },
    async (req) => ok(await readOutbox(ctx.db, req.query.phone)),
  );
}
