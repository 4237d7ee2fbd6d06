import type { FastifyRequest } from 'fastify';
import { MSG } from '@partsmall/contract';
import type { Api, AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { notFound, ok } from '../../shared/http.js';
import { readOutbox } from '../sms/index.js';

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
  route(app, 'devOutbox', async (req) => ok(await readOutbox(ctx.db, req.query.phone)), {
    onRequest: async (req) => {
      if (!fromLoopback(req, ctx.config.trustProxyHops)) throw notFound(MSG.notFound);
    },
  });
}
