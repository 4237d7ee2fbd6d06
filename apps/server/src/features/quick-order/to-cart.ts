/**
 * Quick order and reorder into the cart (docs/requirements.md#quick-order, #reorder): every line in
 * one transaction with its product rows locked in id order (as paying locks them), so a buyer who
 * takes the last unit meanwhile makes the whole add fail, naming the lines, rather than half of it
 * succeed. A line added again raises the quantity the cart already holds, never past the stock.
 */
import { sql } from 'drizzle-orm';
import { MSG_QUICK_ORDER, alphaNumber, tierPrice, type CompanyLevel, type ReorderLine } from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import type { Buyer } from '../cart/index.js';
import { findProductsByNumbers } from '../products/index.js';

export interface CartAddLine {
  productId: number;
  qty: number;
  memo?: string | undefined;
  jobRef?: string | undefined;
}

interface Locked {
  id: number;
  name: string;
  pid: string;
  has_amount: number;
  in_cart: number;
  price_a: string | number;
  price_b: string | number;
  price_c: string | number;
  price_d: string | number;
  sale_price: string | number;
}

const ids = (list: number[]) => sql.raw(`(${list.join(',')})`);

/** The products locked in id order, each with what this member's cart already holds of it. */
async function lockProducts(tx: Tx, memberId: number, productIds: number[]): Promise<Map<number, Locked>> {
  const sorted = [...new Set(productIds)].sort((a, b) => a - b);
  // Integers checked by the contract's schema (or read from an order row), safe to inline.
  const rows = await queryRows<Locked>(
    tx,
    sql`select p.id, p.name, p.pid, p.has_amount, p.price_a, p.price_b, p.price_c, p.price_d, p.sale_price,
          coalesce((select c.qty from cart_items c where c.member_id = ${memberId} and c.product_id = p.id), 0)::int as in_cart
        from products p where p.id in ${ids(sorted)} order by p.id for update of p`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Adds the lines to the member's cart: memo and job reference replace the line's when given. */
async function upsertLines(
  tx: Tx,
  buyer: Buyer,
  lines: { productId: number; qty: number; memo: string; jobRef: string }[],
) {
  const values = sql.join(
    lines.map(
      (l) =>
        sql`(${buyer.memberId}::int, ${buyer.companyId}::int, ${l.productId}::int, ${l.qty}::int, ${l.memo}::text, ${l.jobRef}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into cart_items (member_id, company_id, product_id, qty, memo, job_ref) values ${values}
    on conflict (member_id, product_id) do update set qty = cart_items.qty + excluded.qty,
      memo = case when excluded.memo <> '' then excluded.memo else cart_items.memo end,
      job_ref = case when excluded.job_ref <> '' then excluded.job_ref else cart_items.job_ref end`);
}

/** api/addQuickOrderToCart: all lines or none; a refusal names every line whose stock no longer fits. */
export async function addQuickOrderToCart(db: Db, buyer: Buyer, lines: CartAddLine[]): Promise<number> {
  const seen = new Set<number>();
  for (const l of lines) {
    if (seen.has(l.productId)) throw badRequest(MSG_QUICK_ORDER.sameProductTwice, 'lines');
    seen.add(l.productId);
  }
  return db.transaction(async (tx) => {
    const locked = await lockProducts(tx, buyer.memberId, [...seen]);
    if (locked.size !== seen.size) throw notFound(MSG_QUICK_ORDER.productGone);
    const changed = lines
      .map((l) => ({ line: l, p: locked.get(l.productId)! }))
      .filter(({ line, p }) => p.in_cart + line.qty > p.has_amount)
      .map(({ p }) => MSG_QUICK_ORDER.lineStock(p.name, p.has_amount - p.in_cart));
    if (changed.length > 0) throw new AppError(409, MSG_QUICK_ORDER.stockChanged(changed), 409, 'lines');
    await upsertLines(
      tx,
      buyer,
      lines.map((l) => ({ productId: l.productId, qty: l.qty, memo: l.memo ?? '', jobRef: l.jobRef ?? '' })),
    );
    return lines.length;
  });
}

interface OrderLineRow {
  product_id: number;
  name: string;
  pid: string;
  qty: number;
  price: string | number;
  memo: string;
  job_ref: string;
}

/**
 * api/reorder: each line of one of the company's orders goes into the cart at today's price, as much
 * as the stock allows, and says what changed since the order. Another company's order is 404.
 */
export async function reorder(db: Db, buyer: Buyer, level: CompanyLevel, orderId: number): Promise<ReorderLine[]> {
  return db.transaction(async (tx) => {
    const lines = await queryRows<OrderLineRow>(
      tx,
      sql`select l.product_id, l.name, l.pid, l.qty, l.price, l.memo, l.job_ref from order_lines l join orders o on o.id = l.order_id
          where o.id = ${orderId} and o.company_id = ${buyer.companyId} and o.storage_id > 0 order by l.id`,
    );
    if (lines.length === 0) throw notFound(MSG_QUICK_ORDER.orderNotFound);
    // The current product of each ordered number whose number was superseded (docs/search.md#part-numbers).
    const found = await findProductsByNumbers(
      tx,
      lines.map((l) => l.pid),
    );
    const replacement = new Map<number, number>();
    for (const l of lines) {
      const hit = found
        .get(alphaNumber(l.pid))
        ?.find((h) => h.match === 'replaced' && h.product.seq !== l.product_id && h.product.hasAmount > 0);
      if (hit) replacement.set(l.product_id, hit.product.seq);
    }
    const locked = await lockProducts(tx, buyer.memberId, [...lines.map((l) => l.product_id), ...replacement.values()]);
    const adds = new Map<number, { productId: number; qty: number; memo: string; jobRef: string }>();
    const out: ReorderLine[] = lines.map((l) => {
      const before = Number(l.price);
      const own = locked.get(l.product_id);
      const repl = replacement.has(l.product_id) ? locked.get(replacement.get(l.product_id)!) : undefined;
      // A replacement is taken when the ordered product is gone or sold out and the new one is sold.
      const useRepl = repl && (!own || own.has_amount <= 0) && repl.has_amount > 0;
      const p = useRepl ? repl : own;
      const line = { productId: l.product_id, name: l.name, pid: l.pid, qty: l.qty, priceBefore: before };
      if (!p)
        return {
          ...line,
          cartProductId: null,
          cartPid: null,
          addedQty: 0,
          priceNow: null,
          change: 'gone' as const,
          message: MSG_QUICK_ORDER.reorderGone,
        };
      const priceNow = tierPrice(
        {
          priceA: Number(p.price_a),
          priceB: Number(p.price_b),
          priceC: Number(p.price_c),
          priceD: Number(p.price_d),
          salePrice: Number(p.sale_price),
        },
        level,
      );
      const pending = adds.get(p.id)?.qty ?? 0;
      const room = Math.max(0, p.has_amount - p.in_cart - pending);
      const addedQty = Math.min(l.qty, room);
      if (addedQty > 0) adds.set(p.id, { productId: p.id, qty: pending + addedQty, memo: l.memo, jobRef: l.job_ref });
      const at = {
        ...line,
        cartProductId: addedQty > 0 ? p.id : null,
        cartPid: addedQty > 0 ? p.pid : null,
        addedQty,
        priceNow,
      };
      if (addedQty === 0) return { ...at, change: 'soldOut' as const, message: MSG_QUICK_ORDER.reorderSoldOut };
      const notes: string[] = [];
      if (useRepl) notes.push(MSG_QUICK_ORDER.reorderReplaced(l.pid, p.pid));
      if (priceNow !== before) notes.push(MSG_QUICK_ORDER.reorderPrice(before, priceNow));
      if (addedQty < l.qty) notes.push(MSG_QUICK_ORDER.reorderShort(room));
      const change = useRepl ? 'replaced' : addedQty < l.qty ? 'short' : priceNow !== before ? 'price' : 'same';
      return { ...at, change, message: notes.length > 0 ? notes.join(' ') : MSG_QUICK_ORDER.reorderSame };
    });
    if (adds.size > 0) await upsertLines(tx, buyer, [...adds.values()]);
    return out;
  });
}
