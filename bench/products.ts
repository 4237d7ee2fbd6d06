import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { products } from '../apps/server/src/db/schema.js';
import { demoProducts } from '../apps/server/src/seed/products.js';
import { freshBenchDatabase, load, printTable, ROOT, startServerProcess } from './lib.js';

const TOTAL = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const BASE = 10_000;

/**
 * Loads a million products into PostgreSQL (10,000 demo products, then copies with numbered
 * part numbers made inside the database), starts the real server and drives api/getProductHome
 * at concurrency 32: the plain first page, a name search and a part-number search.
 */
export async function run() {
  const url = await freshBenchDatabase('pm_bench_products');
  const database = await openDatabase(url, '');
  const started = Date.now();
  const base = demoProducts(BASE, 7);
  for (let i = 0; i < base.length; i += 1000) await database.db.insert(products).values(base.slice(i, i + 1000));
  const copies = Math.ceil(TOTAL / BASE) - 1;
  for (let c = 1; c <= copies; c++) {
    await database.db.execute(sql`
      insert into products (name, pid, pid_key, factory_num, factory_key, type, price_a, price_b, price_c, price_d,
        sale_price, has_amount, stock_name, storage_id, img_files, detail_info, description, category, brand, company_id)
      select name, pid || '-' || ${c}, pid_key || ${String(c)}, factory_num, factory_key, type, price_a, price_b, price_c, price_d,
        sale_price, has_amount, stock_name, storage_id, img_files, detail_info, description, category, brand, company_id
      from products where id <= ${BASE}`);
  }
  await database.db.execute(sql`vacuum analyze products`);
  const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`)) as [{ n: number }];
  console.log(`loaded ${n.toLocaleString()} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const samplePid = base[1234]!.pid;
  await database.close();

  const port = 3900;
  const server = await startServerProcess(url, port);
  try {
    const endpoint = `http://127.0.0.1:${port}/api/getProductHome`;
    // Warm-up so the first scenario does not pay for cold caches and JIT.
    await load('warm-up', endpoint, { page: 1, size: 60 }, { duration: 3 });
    const rows = [
      await load('plain first page (60)', endpoint, { page: 1, size: 60 }),
      await load("name search '브레이크 패드'", endpoint, { searchType: 'name', searchKeyword: '브레이크 패드', page: 1, size: 60 }),
      await load(`part-number search '${samplePid.toLowerCase()}'`, endpoint, { searchType: 'pid', searchKeyword: samplePid.toLowerCase(), page: 1, size: 60 }),
    ];
    printTable(rows);
  } finally {
    server.kill('SIGINT');
  }
  reportHomeBundle();
}

/** Gzipped size of the JavaScript (and CSS) the home route loads, from the built index.html. */
function reportHomeBundle() {
  const dist = path.join(ROOT, 'apps/web/dist');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    console.log('\n(web app not built: run npm run build to measure the home route bundle)');
    return;
  }
  const html = fs.readFileSync(index, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let js = 0;
  let css = 0;
  for (const f of files) {
    const size = gzipSync(fs.readFileSync(path.join(dist, f))).length;
    if (f.endsWith('.js')) js += size;
    else css += size;
  }
  console.log(`\nhome route: JavaScript ${(js / 1024).toFixed(1)} KB gzipped, CSS ${(css / 1024).toFixed(1)} KB gzipped (${files.length} files)`);
}
