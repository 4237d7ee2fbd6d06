import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@partsmall/contract';
import { answerBrokenPageAddress } from '../web-app/serve.js';

/**
 * Answers requests Node's HTTP parser refuses before any route runs (headers or URL too large,
 * malformed request lines, timeouts) with the API's `{ code, message }` envelope in Korean, like
 * every other answer, instead of Fastify's English default.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    code: status,
    message: status === 431 ? MSG.payloadTooLarge : status === 408 ? MSG.tooMany : MSG.badRequest,
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * Answers a request whose path Fastify cannot route — broken percent-encoding ('/%', '/x%E0%A4%A')
 * or a path parameter longer than the router reads — in the same envelope, in Korean (Fastify's own
 * answer is an English JSON of another shape). No hook runs for it, so it is given the security
 * headers every answer carries (`headers`, shared/security-headers.ts) itself.
 */
export function routingErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headers);
    // A browser opening such a page address gets the app's page (web-app/serve.ts).
    if (error.code === 'FST_ERR_BAD_URL' && answerBrokenPageAddress(request, reply)) return;
    const status = error.statusCode === 414 ? 414 : 400;
    void reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ code: status, message: status === 414 ? MSG.payloadTooLarge : MSG.badRequest });
  };
}
