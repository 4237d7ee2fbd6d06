import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  MSG_ORDER,
  MSG_QUICK_ORDER,
  tierPrice,
  type BuyItem,
  type CartLine,
  type CompanyLevel,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { productsByIds, type ProductRow as ProductRecord } from '../products/repository.js';
import { addCartLines } from './repository.js';
import { cartItems } from './schema.js';
import type { EventSink } from '../../shared/events.js';
import { badRequest, notFound } from '../../shared/http.js';
import { priceFor, productById, type ProductRow } from '../products/index.js';

export interface Buyer {
  memberId: number;
  companyId: number;
}

/** The product part of a cart line or payment item, priced for the company's level. */
function productInfo(product: ProductRecord, level: CompanyLevel): CartLine['productInfo'] {
  return {
    seq: product.id,
    name: product.name,
    pid: product.pid,
    factoryNum: product.factoryNum,
    price: tierPrice(product, level),
    hasAmount: product.hasAmount,
    stockName: product.stockName,
    storageId: product.storageId,
    imgFiles: product.imgFiles,
  };
}

/**
 * A quantity and the payload field it came in: the buy and cart forms' `hasAmount`, or `qty` from a
 * phone and api/updateCartQuantity. A stock refusal names that field (docs/requirements.md#cart-and-checkout).
 */
export interface LineQuantity {
  qty: number;
  field: 'hasAmount' | 'qty';
}

/** The quantity of a buy or cart form: `hasAmount`, or a phone's `qty`. */
export const formQuantity = (form: { hasAmount?: number; qty?: number }): LineQuantity =>
  form.hasAmount !== undefined ? { qty: form.hasAmount, field: 'hasAmount' } : { qty: form.qty!, field: 'qty' };

/** A product on sale and in stock; else the refusal the buyer reads, on the quantity's field. */
async function productInStock(db: Db, productId: number, field: LineQuantity['field']): Promise<ProductRow> {
  const product = await productById(db, productId);
  if (!product) throw notFound(MSG_ORDER.productGone);
  if (product.hasAmount <= 0) throw badRequest(MSG_ORDER.soldOut(product.name), field);
  return product;
}

/** A quantity a member may put in the cart or buy now: 1 to the product's stock. */
async function checkedProduct(db: Db, productId: number, { qty, field }: LineQuantity): Promise<ProductRow> {
  const product = await productInStock(db, productId, field);
  if (qty > product.hasAmount) throw badRequest(MSG_ORDER.qtyOverStock(product.hasAmount), field);
  return product;
}

/**
 * Adds to the member's cart; the same product again raises the quantity, never past the stock: the
 * refusal says how much of it the cart already holds (docs/requirements.md#cart-and-checkout).
 * `vin` is the vehicle the part was picked for in the catalogue. The line is one per product, so
 * the first vehicle it was picked for stays: a later add without one, or for another vehicle, adds
 * its units to that vehicle's line (the catalogue then says so), and only a line without a vehicle
 * takes one (docs/requirements.md#catalogue-screens).
 */
export async function addToCart(
  db: Db,
  events: EventSink,
  buyer: Buyer,
  productId: number,
  { qty, field }: LineQuantity,
  vin: string | null = null,
): Promise<void> {
  const product = await productInStock(db, productId, field);
  await db.transaction(async (tx) => {
    // Past one line's limit, the refusal says what the cart holds (docs/requirements.md#cart-and-checkout).
    const now = await addCartLines(tx, buyer, [{ productId, qty, vin }], ([over]) =>
      badRequest(MSG_QUICK_ORDER.cartLineMax(over!.inCart), field),
    );
    // The line as it would stand: what the cart held before this add, and the add.
    const lineQty = now.get(productId)!;
    if (lineQty > product.hasAmount) throw badRequest(MSG_ORDER.qtyOverStock(product.hasAmount, lineQty - qty), field);
  });
  await events.publish({ type: 'cartChanged', companyId: buyer.companyId, memberId: buyer.memberId, change: 'added' });
}

/** 'Buy now': the payment items for checkout, priced for the company's level; nothing is stored. */
export async function paymentItems(
  db: Db,
  level: CompanyLevel,
  productId: number,
  quantity: LineQuantity,
  vin: string | null = null,
): Promise<BuyItem[]> {
  const product = priceFor(await checkedProduct(db, productId, quantity), { level });
  return [
    {
      productId: product.seq,
      qty: quantity.qty,
      managerCompanyId: product.companyId,
      productInfo: { ...product, price: product.price! },
      vin,
    },
  ];
}

/** The member's cart lines, priced for the company's level (the request context knows it). */
export async function cartLines(
  db: Db,
  buyer: Buyer,
  level: CompanyLevel,
  page = 1,
  size = 64,
): Promise<{ lines: CartLine[]; total: number }> {
  const where = eq(cartItems.memberId, buyer.memberId);
  const [carts, [counted]] = await Promise.all([
    db
      .select()
      .from(cartItems)
      .where(where)
      .orderBy(asc(cartItems.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(cartItems).where(where),
  ]);
  // The products are the products feature's rows (docs/architecture.md#the-database); a cart line's
  // product is a foreign key, so every line finds its product.
  const byId = await productsByIds(
    db,
    carts.map((cart) => cart.productId),
  );
  const rows = carts.flatMap((cart) => {
    const product = byId.get(cart.productId);
    return product ? [{ cart, product }] : [];
  });
  return {
    total: Number(counted?.n ?? 0),
    lines: rows.map(({ cart, product }) => ({
      seq: cart.id,
      qty: cart.qty,
      managerCompanyId: product.companyId,
      productInfo: productInfo(product, level),
      vin: cart.vin,
      jobRef: cart.jobRef,
      memo: cart.memo,
    })),
  };
}

export async function cartCount(db: Db, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.memberId, memberId));
  return Number(row?.n ?? 0);
}

async function ownLine(db: Db, buyer: Buyer, seq: number) {
  const [line] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, seq), eq(cartItems.memberId, buyer.memberId)));
  // Another member's line looks exactly like a missing one.
  if (!line) throw notFound(MSG_ORDER.cartLineNotFound);
  return line;
}

export async function updateCartQuantity(
  db: Db,
  events: EventSink,
  buyer: Buyer,
  seq: number,
  qty: number,
): Promise<void> {
  const line = await ownLine(db, buyer, seq);
  await checkedProduct(db, line.productId, { qty, field: 'qty' });
  await db.update(cartItems).set({ qty }).where(eq(cartItems.id, line.id));
  await events.publish({
    type: 'cartChanged',
    companyId: buyer.companyId,
    memberId: buyer.memberId,
    change: 'quantity',
  });
}

/** A line's 작업번호/차량번호 (docs/requirements.md#job-reference): carried onto the order line when paid. */
export async function setCartLineJobRef(db: Db, buyer: Buyer, seq: number, jobRef: string): Promise<void> {
  const line = await ownLine(db, buyer, seq);
  await db.update(cartItems).set({ jobRef }).where(eq(cartItems.id, line.id));
}

export async function removeCartLine(db: Db, events: EventSink, buyer: Buyer, seq: number): Promise<void> {
  const line = await ownLine(db, buyer, seq);
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
  await events.publish({
    type: 'cartChanged',
    companyId: buyer.companyId,
    memberId: buyer.memberId,
    change: 'removed',
  });
}

/** Cart lines of this member by id (for paying); unknown or foreign ids are refused. */
export async function linesForPayment(db: Db, buyer: Buyer, seqs: number[]) {
  if (seqs.length === 0) return [];
  const rows = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.memberId, buyer.memberId), inArray(cartItems.id, seqs)));
  if (rows.length !== new Set(seqs).size) throw notFound(MSG_ORDER.cartLineNotFound);
  return rows;
}
