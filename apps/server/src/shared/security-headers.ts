import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.js';

/**
 * The outside hosts the web app may use, by name (DESIGN.md 1):
 * - the Daum (Kakao) postcode widget: its script, and the search page it embeds in a frame;
 * - the map of the directions page: a Google Maps embed, and the small image it probes first.
 */
export const POSTCODE_SCRIPT_HOSTS = ['https://t1.daumcdn.net', 'https://ssl.daumcdn.net'];
export const POSTCODE_FRAME_HOSTS = ['https://postcode.map.daum.net', 'https://postcode.map.kakao.com'];
export const MAP_FRAME_HOSTS = ['https://maps.google.com', 'https://www.google.com'];

/**
 * Security headers of every answer (@fastify/helmet): a Content-Security-Policy without inline
 * script, X-Content-Type-Options, frame protection (the shop is never framed), Referrer-Policy.
 * Inline styles stay allowed: the postcode widget sets them, and a style cannot run code.
 * Images may come from any https host: notices written by staff link pictures from elsewhere.
 */
export function securityHeaders(config: Config): FastifyHelmetOptions {
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
