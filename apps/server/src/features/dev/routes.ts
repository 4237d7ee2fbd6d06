import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG, mobilePhoneField, outboxAnswer } from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import type { Api, AppContext } from '../../shared/context.js';
import { notFound, ok } from '../../shared/http.js';
import { readOutbox } from '../sms/provider.js';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the caller sits on this computer: its address (the client's, as far as TRUST_PROXY_HOPS
 * lets the server believe X-Forwarded-For) is loopback. A request a proxy forwarded that the server
 * was not told to trust is not local, whatever the socket says.
 */
export function fromLoopback(request: FastifyRequest, trustProxyHops: number): boolean {
  if (!LOOPBACK.test(request.ip)) return false;
  return trustProxyHops > 0 || FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

/**
 * Developer helpers: registered only in demo mode (or in production with ALLOW_DEV_OUTBOX=true)
 * while the console SMS provider is in use, and answering only callers on this computer; everyone
 * else gets the plain 404 of an unknown path.
 */
export function devRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/dev/outbox',
    {
      config: { access: 'public' },
      schema: { tags: ['dev'], summary: '개발용 문자 발신함 (최신순, 이 컴퓨터에서만)', querystring: z.object({ phone: mobilePhoneField }), response: answers(outboxAnswer) },
      onRequest: async (req) => {
        if (!fromLoopback(req, ctx.config.trustProxyHops)) throw notFound(MSG.notFound);
      },
    },
    async (req) => ok(await readOutbox(ctx.db, req.query.phone)),
  );
}
