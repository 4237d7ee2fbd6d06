import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { MSG } from '@partsmall/contract';
import type { Db } from '../db/client.js';
import { productIdFiles, productIdsBetween } from '../features/products/repository.js';
import type { Api, AppContext } from '../shared/context.js';

/** A sitemap file may list at most 50,000 addresses (sitemaps.org); more go into a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * Pages a search engine has no use for: the member area, cart, checkout, chat, the parts
 * catalogue (licence only) and the server's own tools. Prefixes: '/cart' covers '/cartm' too.
 * The API stays allowed: a crawler that renders a product page needs it to see the product.
 */
const PRIVATE_PREFIXES = [
  '/management',
  '/mobileManagement',
  '/cart',
  '/checkOut',
  '/mobileCheckOutFinish',
  '/orderDetail',
  '/ordersm',
  '/chat',
  '/epcMain',
  '/mobileEpcMain',
  '/payCenter/',
  '/dev/',
  '/docs',
];

const CACHE_CONTROL = 'public, max-age=3600';
const gzip = promisify(zlib.gzip);

/**
 * robots.txt and the sitemap of the product pages (/productDetail/{id}, the page that carries the
 * part number in its title), built from the database with addresses from PUBLIC_URL, never from the
 * request's Host. Product sitemaps are cut by id range (products 1-50,000 in the first, ...), so a
 * product always stays in the same file; with more than one file /sitemap.xml is a sitemap index.
 */
export function seoRoutes(app: Api, ctx: AppContext) {
  // Read when a file is made: the configuration is the one source of the shop's address.
  const origin = () => ctx.config.publicUrl.replace(/\/+$/, '');

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => {
    const robots = [
      'User-agent: *',
      ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
      'Allow: /',
      '',
      `Sitemap: ${origin()}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots);
  });

  // Crawlers fetch sitemaps rarely, anyone may ask for them often: each file is built once per
  // 10 minutes (one build at a time) and kept gzipped.
  const files = new LRUCache<string, Buffer>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (gz) => gz.length,
    ttl: 10 * 60_000,
    fetchMethod: async (key) => {
      const xml =
        key === 'index' ? await rootSitemap(ctx.db, origin()) : await productSitemap(ctx.db, origin(), Number(key));
      return xml === null ? undefined : gzip(xml);
    },
  });

  const send = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const gz = await files.fetch(key);
    if (!gz) return reply.status(404).send({ code: 404, message: MSG.notFound });
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
      return reply.header('content-encoding', 'gzip').send(gz);
    return reply.send(zlib.gunzipSync(gz));
  };

  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => send(request, reply, 'index'));
  app.get('/sitemap-products-:page(^\\d{1,6}).xml', { schema: { hide: true } }, (request, reply) => {
    const page = Number((request.params as { page: string }).page);
    return send(request, reply, String(page));
  });
}

/** The products sitemap itself when one file holds them all, else an index of the non-empty files. */
async function rootSitemap(db: Db, origin: string): Promise<string> {
  const pages = await productIdFiles(db, SITEMAP_MAX_URLS);
  if (pages.length === 0) return urlSet([]);
  if (pages.length === 1 && pages[0] === 1) return (await productSitemap(db, origin, 1))!;
  const entries = pages.map(
    (page) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-products-${page}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** Products with ids ((page-1)*50,000, page*50,000], or null when there is none. */
async function productSitemap(db: Db, origin: string, page: number): Promise<string | null> {
  if (!Number.isSafeInteger(page) || page < 1) return null;
  const ids = await productIdsBetween(db, (page - 1) * SITEMAP_MAX_URLS, page * SITEMAP_MAX_URLS);
  if (ids.length === 0) return null;
  return urlSet(ids.map((id) => `${origin}/productDetail/${id}`));
}

function urlSet(urls: string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}${entries.length ? '\n' : ''}</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
