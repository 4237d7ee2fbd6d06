/**
 * Quick order and reorder into the cart (docs/requirements.md#quick-order, #reorder): every line in
 * one transaction with its product rows locked in id order (as paying locks them), so a buyer who
 * takes the last unit meanwhile makes the whole add fail, naming the lines, rather than half of it
 * succeed. A line added again raises the quantity the cart already holds, never past the stock.
 */
import { MSG_QUICK_ORDER, alphaNumber, tierPrice, type CompanyLevel, type ReorderLine } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { CART_LINE_MAX, addCartLines, cartQuantities, oncePerRequest } from '../cart/repository.js';
import { reorderLines } from '../orders/repository.js';
import { lockProductsForCart } from '../products/repository.js';
import type { EventSink } from '../../shared/events.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import type { Buyer } from '../cart/index.js';
import { findProductsByNumbers } from '../products/index.js';

export interface CartAddLine {
  productId: number;
  qty: number;
  memo?: string | undefined;
  jobRef?: string | undefined;
}

/**
 * The products locked in id order, each with what this member's cart already holds of it. The cart
 * is read by a statement of its own after the locks are held: read in the locking statement, it came
 * from that statement's snapshot, taken before a concurrent add of the same product committed, so ten
 * reorders at once each saw an empty cart and together put more than the stock in it.
 */
async function lockProducts(tx: Tx, memberId: number, productIds: number[]) {
  const sorted = [...new Set(productIds)].sort((a, b) => a - b);
  const rows = await lockProductsForCart(tx, sorted);
  // One cart line at most per member and product (cart_items_member_product).
  const held =
    rows.length === 0
      ? []
      : await cartQuantities(
          tx,
          memberId,
          rows.map((r) => r.id),
        );
  const inCart = new Map(held.map((h) => [h.productId, Number(h.qty)]));
  return new Map(rows.map((r) => [r.id, { ...r, inCart: inCart.get(r.id) ?? 0 }]));
}

/** The realtime hub and base info hear of the cart's new lines once they are committed (as addToCart does). */
const cartAdded = (events: EventSink, buyer: Buyer) =>
  events.publish({ type: 'cartChanged', companyId: buyer.companyId, memberId: buyer.memberId, change: 'added' });

/**
 * api/addQuickOrderToCart: all lines or none; a refusal names every line whose stock no longer fits.
 * With a request id, a retry of a request that was done answers the same and adds nothing.
 */
export async function addQuickOrderToCart(
  db: Db,
  events: EventSink,
  buyer: Buyer,
  lines: CartAddLine[],
  requestId?: string,
): Promise<number> {
  const seen = new Set<number>();
  for (const l of lines) {
    if (seen.has(l.productId)) throw badRequest(MSG_QUICK_ORDER.sameProductTwice, 'lines');
    seen.add(l.productId);
  }
  const request = { id: requestId, call: 'addQuickOrderToCart', payload: lines };
  const { answer: added, repeated } = await db.transaction((tx) =>
    oncePerRequest(tx, buyer.memberId, request, () => addLines(tx, buyer, lines)),
  );
  if (!repeated) await cartAdded(events, buyer);
  return added;
}

/** The quick order's lines into the cart, in the caller's transaction; how many lines it added. */
async function addLines(tx: Tx, buyer: Buyer, lines: CartAddLine[]): Promise<number> {
  // One line per product (checked before the transaction): every line's product must be there.
  const locked = await lockProducts(
    tx,
    buyer.memberId,
    lines.map((l) => l.productId),
  );
  if (locked.size !== lines.length) throw notFound(MSG_QUICK_ORDER.productGone);
  const changed = lines
    .map((l) => ({ line: l, p: locked.get(l.productId)! }))
    .filter(({ line, p }) => p.inCart + line.qty > p.hasAmount)
    .map(({ p }) => MSG_QUICK_ORDER.lineStock(p.name, p.hasAmount, p.inCart));
  if (changed.length > 0) throw new AppError(409, MSG_QUICK_ORDER.stockChanged(changed), 409, 'lines');
  await addCartLines(tx, buyer, lines, lineMaxRefusal(locked));
  return lines.length;
}

/**
 * A line the cart would hold past one line's limit refuses the whole add, naming each such line. The
 * locks hold the products, not the cart: a plain add (장바구니) committed after the cart was read can
 * still take a line near the limit.
 */
function lineMaxRefusal(locked: Map<number, { name: string }>) {
  return (over: { productId: number; inCart: number }[]) => {
    const names = over.map((o) => MSG_QUICK_ORDER.lineInCart(locked.get(o.productId)!.name, o.inCart));
    return new AppError(409, MSG_QUICK_ORDER.lineMaxChanged(names), 409, 'lines');
  };
}

/**
 * api/reorder: each line of one of the company's orders goes into the cart at today's price, as much
 * as the stock allows, and says what changed since the order. Another company's order is 404. The old
 * lines' 작업번호 and memo stay with the old order: the new lines are for a new job.
 */
export async function reorder(
  db: Db,
  events: EventSink,
  buyer: Buyer,
  level: CompanyLevel,
  orderId: number,
  requestId?: string,
): Promise<ReorderLine[]> {
  const request = { id: requestId, call: 'reorder', payload: orderId };
  const { answer: out, repeated } = await db.transaction((tx) =>
    oncePerRequest(tx, buyer.memberId, request, () => reorderLinesIntoCart(tx, buyer, level, orderId)),
  );
  if (!repeated && out.some((l) => l.addedQty > 0)) await cartAdded(events, buyer);
  return out;
}

/** The order's lines into the cart, in the caller's transaction: what each line became. */
async function reorderLinesIntoCart(tx: Tx, buyer: Buyer, level: CompanyLevel, orderId: number) {
  const lines = await reorderLines(tx, orderId, buyer.companyId);
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
      ?.find((h) => h.match === 'replaced' && h.product.seq !== l.productId && h.product.hasAmount > 0);
    if (hit) replacement.set(l.productId, hit.product.seq);
  }
  const locked = await lockProducts(tx, buyer.memberId, [...lines.map((l) => l.productId), ...replacement.values()]);
  const adds = new Map<number, { productId: number; qty: number }>();
  const out: ReorderLine[] = lines.map((l) => {
    const before = l.price;
    const own = locked.get(l.productId);
    const repl = replacement.has(l.productId) ? locked.get(replacement.get(l.productId)!) : undefined;
    // A replacement is taken when the ordered product is gone or sold out and the new one is sold.
    const useRepl = repl && (!own || own.hasAmount <= 0) && repl.hasAmount > 0;
    const p = useRepl ? repl : own;
    const line = { productId: l.productId, name: l.name, pid: l.pid, qty: l.qty, priceBefore: before };
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
        priceA: p.priceA,
        priceB: p.priceB,
        priceC: p.priceC,
        priceD: p.priceD,
        salePrice: p.salePrice,
      },
      level,
    );
    const pending = adds.get(p.id)?.qty ?? 0;
    // As much as the stock allows and one cart line takes (CART_LINE_MAX), saying which stopped it.
    const byLimit = p.hasAmount > CART_LINE_MAX;
    const room = Math.max(0, Math.min(p.hasAmount, CART_LINE_MAX) - p.inCart - pending);
    const addedQty = Math.min(l.qty, room);
    if (addedQty > 0) adds.set(p.id, { productId: p.id, qty: pending + addedQty });
    const at = {
      ...line,
      cartProductId: addedQty > 0 ? p.id : null,
      cartPid: addedQty > 0 ? p.pid : null,
      addedQty,
      priceNow,
    };
    // In stock but all of it already in the cart is not sold out: the buyer could not ask for a
    // restock alert (docs/requirements.md#restock-alerts).
    if (addedQty === 0)
      return p.hasAmount > 0
        ? {
            ...at,
            change: 'inCart' as const,
            message: byLimit ? MSG_QUICK_ORDER.reorderLineFull : MSG_QUICK_ORDER.reorderInCart(p.hasAmount),
          }
        : { ...at, change: 'soldOut' as const, message: MSG_QUICK_ORDER.reorderSoldOut };
    const notes: string[] = [];
    if (useRepl) notes.push(MSG_QUICK_ORDER.reorderReplaced(l.pid, p.pid));
    if (priceNow !== before) notes.push(MSG_QUICK_ORDER.reorderPrice(before, priceNow));
    if (addedQty < l.qty)
      notes.push(byLimit ? MSG_QUICK_ORDER.reorderCapped(room) : MSG_QUICK_ORDER.reorderShort(room));
    const change = useRepl ? 'replaced' : addedQty < l.qty ? 'short' : priceNow !== before ? 'price' : 'same';
    return { ...at, change, message: notes.length > 0 ? notes.join(' ') : MSG_QUICK_ORDER.reorderSame };
  });
  // The room above keeps every line within CART_LINE_MAX as the cart was read; an add committed since
  // refuses the reorder whole, as a quick order is refused.
  if (adds.size > 0) await addCartLines(tx, buyer, [...adds.values()], lineMaxRefusal(locked));
  return out;
}
