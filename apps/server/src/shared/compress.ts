import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import type { Api } from './context.js';

/** Below this a compressed answer saves less than its headers and the work cost. */
export const COMPRESS_MIN_BYTES = 1024;

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Adds a header name to Vary unless it is there already. */
function varyOn(reply: FastifyReply, name: string) {
  const existing = reply.getHeader('vary');
  if (existing === undefined) {
    reply.header('vary', name);
    return;
  }
  const current = String(existing);
  const names = current
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes(name) || names.includes('*')) return;
  reply.header('vary', [...names, name].join(', '));
}

/**
 * Whether an answer is at least `min` bytes long in UTF-8, mostly without counting: every UTF-16
 * unit of a string is one to three bytes (a surrogate pair, two units, is four), so a string of
 * `min` units or more is long enough and one of fewer than a third of it is not. Fastify counts the
 * bytes of every answer once for Content-Length; counting a 26 KB page of Korean names a second time
 * here cost about 40 µs of a grid request (docs/performance.md#what-keeps-the-figures).
 */
export function hasBytes(payload: string | Buffer, min: number): boolean {
  if (typeof payload !== 'string') return payload.length >= min;
  if (payload.length >= min) return true;
  if (payload.length * 3 < min) return false;
  return Buffer.byteLength(payload) >= min;
}

/**
 * The last step of every JSON answer, in one hook (each hook is work on every request):
 * - an answer that did not choose its own Cache-Control gets `no-store`: API answers are personal
 *   (tokens, balances, orders), so no browser or proxy keeps a copy;
 * - answers of 1 KB and more (the product grid's first page is about 26 KB) are compressed with
 *   brotli or gzip, as the request's Accept-Encoding allows. Brotli at quality 5 costs about as much
 *   CPU as gzip's default and is smaller; the precompressed static files of the web app already carry
 *   their Content-Encoding and pass untouched, and pictures and fonts are not JSON.
 */
export function finishJsonAnswers(app: Api) {
  // A callback hook, not an async one: most answers pass untouched, without a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // Whether an answer is compressed depends on the request: shared caches must keep them apart.
    varyOn(reply, 'accept-encoding');
    const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
    if (!encoding || !hasBytes(payload, COMPRESS_MIN_BYTES)) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const compressed =
      encoding === 'br'
        ? brotli(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : gzip(body);
    compressed.then((out) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, out);
    }, done);
  });
}
