import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import type { Api } from './context.js';

/**
 * The outside hosts the web app may use, by name (docs/security.md#headers):
 * - the Daum (Kakao) postcode widget: its script, and the search page it embeds in a frame;
 * - the map of the directions page: a Google Maps embed, and the small image it probes first.
 */
export const POSTCODE_SCRIPT_HOSTS = ['https://t1.daumcdn.net', 'https://ssl.daumcdn.net'];
export const POSTCODE_FRAME_HOSTS = ['https://postcode.map.daum.net', 'https://postcode.map.kakao.com'];
export const MAP_FRAME_HOSTS = ['https://maps.google.com', 'https://www.google.com'];

/**
 * Security headers of every answer (helmet's rules): a Content-Security-Policy without inline
 * script, X-Content-Type-Options, frame protection (the shop is never framed), Referrer-Policy.
 * Inline styles stay allowed: the postcode widget sets them, and a style cannot run code.
 * Images may come from any https host: notices written by staff link pictures from elsewhere.
 */
export function securityHeaders(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...POSTCODE_SCRIPT_HOSTS],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // The API and the realtime channels are this origin ('self' covers ws: and wss: of it).
        connectSrc: ["'self'"],
        frameSrc: [...POSTCODE_FRAME_HOSTS, ...MAP_FRAME_HOSTS],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The payment and chat popups are opened by the app and talk back to it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // HSTS only means something on https; on a plain-http demo it is left out.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: 180 * 24 * 3600 } : false,
  };
}

/**
 * The headers helmet writes for these options, as name → value. None depends on the request (no
 * nonces, no directive computed per request), so they are computed once.
 */
export function securityHeaderValues(options: HelmetOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (
    directives.some(
      (v) => v !== null && typeof v === 'object' && Symbol.iterator in v && [...v].some((x) => typeof x === 'function'),
    )
  ) {
    throw new Error('a CSP directive computed per request (a function) cannot be set once for every answer');
  }
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => void (failed = err));
  if (failed) throw failed;
  return headers;
}

/**
 * Sets the security headers on every answer (pages, API, files, refusals), before the route runs,
 * so a route may still replace one (the payment pages' own stricter CSP, the /docs viewer's).
 * @fastify/helmet, used before, rebuilt helmet's middleware from the options on every request
 * (parsing the CSP directives again each time) in two hooks: about an eighth of the CPU of a small
 * catalogue answer (docs/performance.md#what-keeps-the-figures). The headers are the same.
 */
export function installSecurityHeaders(app: Api, headers: Record<string, string>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
