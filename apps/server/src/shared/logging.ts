import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import type { Api } from './context.js';
import { requestScope } from './events.js';

const DEBUG_LEVELS = new Set(['debug', 'trace']);

/**
 * A query value in a logged address: `?key=`, `&sig=` and the like. Addresses of payment pages and
 * chat files carry their permission in the query (whoever holds the address may use it), so no
 * log line keeps a value; the names stay, to tell the lines apart. The value ends where a query
 * value does, or where the JSON string it sits in does (a quote or an escape).
 */
const QUERY_VALUE = /([?&][A-Za-z0-9_.\-[\]%]+=)[^&#\s"\\]+/g;

/** The line with every query value replaced by [Redacted] (pino's own mark for redacted paths). */
export function redactQueryValues(line: string): string {
  return line.includes('=') ? line.replace(QUERY_VALUE, '$1[Redacted]') : line;
}

/**
 * Pino writes one JSON object per line. Every line written while a request is served carries its
 * `reqId`: Fastify binds it on `req.log`, and the mixin adds it to lines written through `app.log`
 * (the SMS and payment providers log through it).
 */
export function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'body.pw', 'body.cpw', 'body.opw'],
    // Every line as written, whichever logger or field carries the address.
    hooks: { streamWrite: redactQueryValues },
    mixin(_merge, _level, logger) {
      const id = requestScope.getStore()?.reqId;
      return id !== undefined && (logger.bindings() as { reqId?: unknown }).reqId === undefined ? { reqId: id } : {};
    },
  };
}

/**
 * Runs each request inside its id's context. In production the per-request access line is written at
 * debug level (LOG_LEVEL=debug shows it; the default info keeps the log to what needs attention);
 * in demo mode Fastify's own request lines stay at info.
 */
export function installRequestLogging(app: Api, config: Config) {
  // The request's scope: its id here, the app's event bus added by installDomainEvents (shared/events.ts).
  app.addHook('onRequest', (req, _reply, done) => requestScope.run({ reqId: req.id, bus: null, held: null }, done));
  if (!config.production) return;
  app.addHook('onResponse', (req, reply, done) => {
    // The line's object is not even built when the level leaves it out (the default: info).
    if (DEBUG_LEVELS.has(req.log.level)) {
      req.log.debug(
        { method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request completed',
      );
    }
    done();
  });
}
