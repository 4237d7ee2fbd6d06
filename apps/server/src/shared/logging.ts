import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
import type { Config } from '../config.js';
import type { Api } from './context.js';

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
 * Pino writes one JSON object per line. Every line a request writes carries its `reqId`: Fastify
 * binds it on `req.log`, and code that logs for a request is handed that logger (the SMS provider
 * sending a verification code: features/sms/types.ts).
 */
export function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'body.pw', 'body.cpw', 'body.opw'],
    // Every line as written, whichever logger or field carries the address.
    hooks: { streamWrite: redactQueryValues },
  };
}

/**
 * In production the per-request access line is written at debug level (LOG_LEVEL=debug shows it; the
 * default info keeps the log to what needs attention); in demo mode Fastify's own request lines stay
 * at info. At a level that leaves the line out the hook is not installed at all: a hook is work on
 * every request, and without any onResponse hook Fastify skips that step of each answer
 * (docs/performance.md#what-keeps-the-figures). Nothing changes the level while the server runs.
 */
export function installRequestLogging(app: Api, config: Config) {
  if (!config.production || !DEBUG_LEVELS.has(app.log.level)) return;
  app.addHook('onResponse', (req, reply, done) => {
    req.log.debug(
      { method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
    done();
  });
}

type LogMethod = (...args: unknown[]) => void;

/** The levels a logger writes at: each is a method of Fastify's logger, and of RequestLogger below. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger, made when the request first writes a line. Fastify gives every request a
 * child of the app's logger bound to its id; pino builds a child by serialising its bindings, work
 * that a request writing nothing (in production, nearly all of them: the access line is at debug)
 * does for nothing, a measurable part of a small call's CPU (docs/performance.md#catalogue). The
 * child made on first use has the same bindings, so every line reads as before.
 */
class RequestLogger {
  #made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.made.level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }

  static {
    // One method per level, each writing through the logger made on first use; on the prototype, as
    // written-out methods would be, so a request's logger costs no function of its own.
    for (const level of LOG_LEVELS) {
      Object.defineProperty(RequestLogger.prototype, level, {
        value(this: RequestLogger, ...args: unknown[]) {
          (this.made[level] as LogMethod)(...args);
        },
        writable: true,
        configurable: true,
      });
    }
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is made on its first line (RequestLogger). */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
