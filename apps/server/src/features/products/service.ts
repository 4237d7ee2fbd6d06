import { and, asc, eq, getTableColumns, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { alphaNumber, tierPrice, type CompanyLevel, type ProductView } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { companies, products } from '../../db/schema.js';

type ProductRow = typeof products.$inferSelect;
/** A row of the grid: the long description and the creation time are not read for lists. */
type ProductListRow = Omit<ProductRow, 'description' | 'createdAt'>;
const { description: _description, createdAt: _createdAt, ...listColumns } = getTableColumns(products);

/** Whose prices an answer may carry: a company's level, or none for visitors and staff. */
export type Viewer = { level: CompanyLevel } | null;

export async function viewerFor(db: Db, companyId: number | null | undefined): Promise<Viewer> {
  if (!companyId) return null;
  const [row] = await db.select({ level: companies.level }).from(companies).where(eq(companies.id, companyId));
  return row ? { level: row.level as CompanyLevel } : null;
}

/**
 * The product as the API sends it: visitors get no price field at all (DESIGN.md 2). Lists leave
 * the long description out; the product page and popups read it with the product.
 */
export function toView(p: ProductListRow & { description?: string }, viewer: Viewer, opts: { list?: boolean } = {}): ProductView {
  const view: ProductView = {
    seq: p.id,
    name: p.name,
    pid: p.pid,
    factoryNum: p.factoryNum,
    type: p.type,
    hasAmount: p.hasAmount,
    stock: p.hasAmount,
    stockName: p.stockName,
    storageId: p.storageId,
    imgFiles: p.imgFiles,
    image: p.imgFiles[0] ?? '',
    detailInfo: p.detailInfo,
    category: p.category,
    brand: p.brand,
    companyId: p.companyId,
  };
  if (!opts.list && p.description !== undefined) view.description = p.description;
  if (viewer) {
    view.price = tierPrice(p, viewer.level);
    view.salePrice = p.salePrice;
  }
  return view;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ProductQuery {
  searchType?: 'name' | 'pid' | '' | undefined;
  keyword?: string | undefined;
  category?: string | undefined;
  page: number;
  size: number;
}

/**
 * The home grid: by name (trigram index on name), by part number (alpha-number prefix on the OE
 * and factory numbers, btree indexes), or everything; newest ids first is not needed, id order
 * keeps paging stable. Fetches one extra row to tell whether more follow, instead of counting.
 */
export async function searchProducts(db: Db, q: ProductQuery): Promise<{ rows: ProductListRow[]; more: boolean }> {
  const conditions: SQL[] = [];
  const keyword = q.keyword ?? '';
  if (keyword !== '') {
    if (q.searchType === 'pid') {
      const key = alphaNumber(keyword);
      if (key === '') return { rows: [], more: false };
      if (key.length >= SELECTIVE_PREFIX) return pageOfPartNumberMatches(db, key, q);
      conditions.push(or(like(products.pidKey, `${key}%`), like(products.factoryKey, `${key}%`))!);
    } else {
      conditions.push(ilike(products.name, `%${escapeLike(keyword)}%`));
    }
  }
  if (q.category) conditions.push(eq(products.category, q.category));
  const rows = await db
    .select(listColumns)
    .from(products)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(products.id))
    .limit(q.size + 1)
    .offset((q.page - 1) * q.size);
  return { rows: rows.slice(0, q.size), more: rows.length > q.size };
}

/**
 * From this many characters on, a part-number prefix is selective: the matching ids are collected
 * through the two pattern indexes and paged before the rows are read. (Given the OR of two LIKEs,
 * the planner walks the whole table in id order instead, ~30x slower on a million rows.) Shorter
 * prefixes match so many rows that the id-order walk finds a page at once.
 */
const SELECTIVE_PREFIX = 5;

async function pageOfPartNumberMatches(db: Db, key: string, q: ProductQuery): Promise<{ rows: ProductListRow[]; more: boolean }> {
  const pattern = `${key}%`;
  const inCategory = q.category ? sql` and category = ${q.category}` : sql``;
  const ids = sql`(select id from (
      select id from products where pid_key like ${pattern}${inCategory}
      union
      select id from products where factory_key like ${pattern}${inCategory}
    ) matches order by id limit ${q.size + 1} offset ${(q.page - 1) * q.size})`;
  const rows = await db.select(listColumns).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id));
  return { rows: rows.slice(0, q.size), more: rows.length > q.size };
}

export async function productById(db: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/** Products whose OE number matches a catalogue part number (alpha-number forms equal). */
export async function productsByOeNumber(db: Db, pid: string): Promise<ProductRow[]> {
  const key = alphaNumber(pid);
  if (key === '') return [];
  return db.select().from(products).where(eq(products.pidKey, key)).orderBy(asc(products.id)).limit(50);
}
