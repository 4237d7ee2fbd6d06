import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import { DEMO_BANNER, MSG } from '@partsmall/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api, AppContext } from '../shared/context.js';
import { appPathMatcher } from './app-paths.js';
import { seoRoutes } from './seo.js';

/** index.html and the unhashed files of public/: kept, but asked again (ETag) on every use. */
const REVALIDATE = 'no-cache';

/** Paths that are never a page of the app: they answer the JSON 404 instead of index.html. */
const NOT_A_PAGE = /^\/(api|epc|payCenter|socket\.io|dev|docs|uploads|assets)(\/|$)/;

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** The route table's address patterns, written by the web build (apps/web/build/route-paths.ts). */
const ROUTE_PATHS = 'route-paths.json';

/** The build's precompressed copies (vite.config.ts writes them) are not routes of their own. */
const COMPRESSED_COPIES = ['**/*.br', '**/*.gz'];

/** @fastify/static's `preCompressed` picks the copy by Accept-Encoding but does not say so to caches. */
function varyOnEncoding(res: SetHeadersResponse) {
  res.setHeader('vary', 'accept-encoding');
}

/**
 * Serves the built React app: hashed assets as immutable files in brotli or gzip made at build
 * time, every other page path as index.html (revalidated on every visit) so the router can take
 * it, and robots.txt and the sitemap of product pages. API and other non-page paths answer the
 * JSON 404.
 */
export async function serveWebApp(app: Api, ctx: AppContext) {
  const webDist = ctx.config.webDist;
  seoRoutes(app, ctx);

  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      globIgnore: COMPRESSED_COPIES,
      // Hashed names never change content: `public, max-age=31536000, immutable`, no revalidation on reload.
      maxAge: '365d',
      immutable: true,
      setHeaders: varyOnEncoding,
    });
    // favicon.svg and the other files copied from apps/web/public keep their names.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      // .build-inputs: the hash `npm start` compares to skip an unchanged build (docs/operations.md#starting-and-stopping).
      globIgnore: [...COMPRESSED_COPIES, 'assets/**', 'index.html', ROUTE_PATHS, '.build-inputs'],
      cacheControl: false,
      setHeaders: (res) => {
        varyOnEncoding(res);
        res.setHeader('cache-control', REVALIDATE);
      },
    });
  } else {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
  }
  const page = built ? loadIndexPage(indexFile, ctx.config.demo) : null;
  const isAppPath = built ? loadRouteMatcher(path.join(webDist, ROUTE_PATHS), app) : () => true;

  /** The app's page for an address that is one (GET or HEAD, not an API or file path); null when not. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const method = request.method;
    if ((method !== 'GET' && method !== 'HEAD') || NOT_A_PAGE.test(request.url) || !page) return null;
    reply.header('cache-control', REVALIDATE).header('vary', 'accept-encoding');
    // An address no route takes gets the app all the same (it shows its not-found page), but with
    // 404, so search engines and link checkers do not take it for a page.
    if (!isAppPath(request.url)) reply.status(404);
    else {
      reply.header('etag', page.etag);
      if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
    }
    const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
    const body = (encoding && page[encoding]) || page.identity;
    if (body !== page.identity) reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(body);
  };
  app.setNotFoundHandler(
    (request, reply) => sendPage(request, reply) ?? reply.status(404).send({ code: 404, message: MSG.notFound }),
  );
  brokenAddressPages.set(app, (request, reply) =>
    ACCEPTS_HTML.test(request.headers.accept ?? '') ? sendPage(request, reply) !== null : false,
  );
}

/** A browser's page request asks for HTML; a call, a script or a picture does not. */
const ACCEPTS_HTML = /\btext\/html\b/i;

type BrokenAddressPage = (request: FastifyRequest, reply: FastifyReply) => boolean;
/** Each server's way to answer a page address its router could not decode (its web app's page). */
const brokenAddressPages = new WeakMap<object, BrokenAddressPage>();

/**
 * Answers a page address whose percent-encoding does not decode ('/epcMain/%E0%A4%A/all', a deep
 * link cut short) with the app's page when a browser asks for a page: the app reads its address
 * itself and shows the place or its not-found page, where the router's JSON 400 left the buyer a
 * raw text (docs/security.md#hostile-input). True when it answered; calls, files and requests that
 * do not ask for HTML are left to the JSON refusal.
 */
export function answerBrokenPageAddress(request: FastifyRequest, reply: FastifyReply): boolean {
  return brokenAddressPages.get(request.server)?.(request, reply) ?? false;
}

/** The matcher of the build's route patterns; without the file (an older build) every address is a page. */
function loadRouteMatcher(file: string, app: Api): (url: string) => boolean {
  if (!fs.existsSync(file)) {
    app.log.warn(`${file} missing: unknown page addresses answer 200`);
    return () => true;
  }
  return appPathMatcher(JSON.parse(fs.readFileSync(file, 'utf8')) as string[]);
}

interface IndexPage {
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** Weak: the three encodings are the same page. */
  etag: string;
}

function loadIndexPage(file: string, demo: boolean): IndexPage {
  const built = fs.readFileSync(file);
  const etagOf = (body: Buffer) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  if (demo) {
    // The page changes, so the build's compressed copies no longer match it: compressed once here.
    const identity = Buffer.from(withDemoBanner(built.toString('utf8')));
    const br = zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    return { identity, br, gzip: zlib.gzipSync(identity, { level: 9 }), etag: etagOf(identity) };
  }
  const copy = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : null);
  return { identity: built, br: copy('.br'), gzip: copy('.gz'), etag: etagOf(built) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The demo shop's banner written into index.html, before the app's root: it is there at the first
 * paint, so nothing moves when the app starts (a banner added after the configuration arrived
 * pushed the whole page down: layout shift 1.0 on the phone home). A named region keeps it inside
 * a landmark; no script, so the page's CSP holds.
 */
export function withDemoBanner(html: string): string {
  const banner =
    `<section class="demo-banner" id="demo-banner" data-testid="demo-banner" aria-label="${escapeHtml(DEMO_BANNER.label)}">` +
    `<p><b>${escapeHtml(DEMO_BANNER.title)}</b> ${escapeHtml(DEMO_BANNER.body)}</p></section>`;
  if (!html.includes('<div id="root">')) throw new Error('index.html has no <div id="root">');
  return html.replace('<div id="root">', `${banner}<div id="root">`);
}

/** If-None-Match may list several tags, or `*`; weak comparison (RFC 9110 13.1.2). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
