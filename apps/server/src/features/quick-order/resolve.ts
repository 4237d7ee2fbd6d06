/**
 * api/resolveQuickOrder (docs/requirements.md#quick-order): each checked line of a paste or file is
 * taken to its products, priced for the company, with what the buyer has to decide. Nothing is
 * written: the buyer edits the table and puts it in the cart with api/addQuickOrderToCart.
 */
import {
  MSG_QUICK_ORDER,
  QUICK_ORDER_MAX_CANDIDATES,
  QUICK_ORDER_MAX_QTY,
  tierPrice,
  type CompanyLevel,
  type QuickOrderCandidate,
  type QuickOrderRow,
  type QuickOrderRowAnswer,
  type QuickOrderStatus,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import {
  CANDIDATE_COLUMNS,
  findProductsByNumbers,
  makerlessFactoryNumbers,
  type CandidateRow,
  type NumberHit,
} from '../products/index.js';

function candidateOf(hit: NumberHit<CandidateRow>, level: CompanyLevel): QuickOrderCandidate {
  const p = hit.product;
  return {
    productId: p.seq,
    name: p.name,
    pid: p.pid,
    factoryNum: p.factoryNum,
    price: tierPrice(
      { priceA: p.priceA, priceB: p.priceB, priceC: p.priceC, priceD: p.priceD, salePrice: p.basePrice },
      level,
    ),
    stock: p.hasAmount,
    stockName: p.stockName,
    storageId: p.storageId,
    match: hit.match,
    label: hit.reason,
  };
}

/**
 * The quantity proposed of a product in stock, and why it is less than asked: the stock when that is
 * less ('short'), else one cart line's limit when lines merged into one asked for more
 * (docs/requirements.md#quick-order); before, such a row was refused and could not be ordered.
 */
function bounded(qty: number, stock: number): { orderQty: number; short?: boolean; message?: string } {
  if (stock < Math.min(qty, QUICK_ORDER_MAX_QTY))
    return { orderQty: stock, short: true, message: MSG_QUICK_ORDER.short(stock) };
  if (qty > QUICK_ORDER_MAX_QTY) return { orderQty: QUICK_ORDER_MAX_QTY, message: MSG_QUICK_ORDER.capped };
  return { orderQty: qty };
}

/** Status, proposed product and quantity, and the line's explanation, of one resolved line. */
function decide(row: QuickOrderRow, hits: NumberHit<CandidateRow>[], level: CompanyLevel): QuickOrderRowAnswer {
  const base = {
    line: row.line,
    input: row.raw,
    partNumber: row.partNumber,
    qty: row.qty,
    memo: row.memo,
    mergedLines: row.mergedLines ?? [],
  };
  if (row.error || row.qty === null) {
    return {
      ...base,
      status: 'invalid',
      message: row.error ?? MSG_QUICK_ORDER.qty,
      candidates: [],
      productId: null,
      orderQty: 0,
    };
  }
  if (hits.length === 0)
    return {
      ...base,
      status: 'unknown',
      message: MSG_QUICK_ORDER.unknown,
      candidates: [],
      productId: null,
      orderQty: 0,
    };
  const candidates = hits.slice(0, QUICK_ORDER_MAX_CANDIDATES).map((h) => candidateOf(h, level));
  // The best kind of match decides (an old number's current product before its own old stock, both
  // before interchangeable parts); the others stay as candidates the buyer may switch to. Several
  // products of that best kind (warehouses, types) are the buyer's choice.
  const best = candidates.filter((c) => c.match === candidates[0]!.match);
  if (best.length > 1) {
    const message =
      hits.length > QUICK_ORDER_MAX_CANDIDATES ? MSG_QUICK_ORDER.chooseMany : MSG_QUICK_ORDER.choose(hits.length);
    const orderQty = Math.min(row.qty, QUICK_ORDER_MAX_QTY);
    return { ...base, status: 'choose', message, candidates, productId: null, orderQty };
  }
  const only = best[0]!;
  let status: QuickOrderStatus = only.match === 'own' ? 'exact' : only.match;
  let message: string =
    only.match === 'replaced'
      ? MSG_QUICK_ORDER.replaced(row.partNumber, only.pid)
      : only.match === 'interchangeable'
        ? MSG_QUICK_ORDER.interchangeable
        : MSG_QUICK_ORDER.exact;
  let orderQty = 0;
  if (only.stock <= 0) {
    status = 'soldOut';
    message = MSG_QUICK_ORDER.soldOut;
  } else {
    const offer = bounded(row.qty, only.stock);
    orderQty = offer.orderQty;
    if (offer.short) status = 'short';
    message = offer.message ?? message;
  }
  return { ...base, status, message, candidates, productId: only.productId, orderQty };
}

/**
 * Lines that came to the same product (an old and a current number of one part, typed on two lines)
 * become one: quantities added (up to the stock, as a short line says), memos joined.
 */
function mergeSameProduct(rows: QuickOrderRowAnswer[]): QuickOrderRowAnswer[] {
  const out: QuickOrderRowAnswer[] = [];
  const byProduct = new Map<number, QuickOrderRowAnswer>();
  for (const row of rows) {
    const into = row.productId !== null && row.status !== 'soldOut' ? byProduct.get(row.productId) : undefined;
    if (!into) {
      if (row.productId !== null && row.status !== 'soldOut') byProduct.set(row.productId, row);
      out.push(row);
      continue;
    }
    const wanted = (into.qty ?? 0) + (row.qty ?? 0);
    const offer = bounded(wanted, into.candidates[0]!.stock);
    into.qty = wanted;
    into.orderQty = offer.orderQty;
    if (offer.short) into.status = 'short';
    if (offer.message) into.message = offer.message;
    if (row.memo && !into.memo.split(' / ').includes(row.memo))
      into.memo = into.memo ? `${into.memo} / ${row.memo}` : row.memo;
    into.mergedLines = [...into.mergedLines, row.line, ...row.mergedLines];
  }
  return out;
}

export async function resolveQuickOrder(
  db: Db,
  rows: QuickOrderRow[],
  level: CompanyLevel,
): Promise<QuickOrderRowAnswer[]> {
  // As typed, so that a hit's reason shows the buyer's own spelling; found by the alphaNumber form.
  // A number's spelling is the first one of the paste, alternative readings included, as one lookup
  // of every reading kept it.
  const spelling = new Map<string, string>();
  for (const r of rows) {
    if (r.error) continue;
    if (!spelling.has(r.normalised)) spelling.set(r.normalised, r.partNumber);
    const alt = r.alternative?.normalised;
    if (alt && !spelling.has(alt)) spelling.set(alt, alt);
  }
  const plain = new Set<string>();
  for (const r of rows) if (!r.error) plain.add(r.normalised);
  const found = await findProductsByNumbers(
    db,
    [...plain].map((k) => spelling.get(k)!),
    CANDIDATE_COLUMNS,
  );
  // The alternative readings only of lines whose plain reading found nothing: nearly every line of a
  // paste ends in its quantity, so reading both for all of them read as many numbers again
  // (docs/performance.md#quick-order).
  const alternative = new Set<string>();
  for (const r of rows)
    if (!r.error && r.alternative && !found.get(r.normalised)?.length && !found.has(r.alternative.normalised))
      alternative.add(r.alternative.normalised);
  if (alternative.size > 0) {
    const more = await findProductsByNumbers(
      db,
      [...alternative].map((k) => spelling.get(k)!),
      CANDIDATE_COLUMNS,
    );
    for (const [key, hits] of more) found.set(key, hits);
  }
  // Lines that found nothing either way are then looked up as the search box does
  // (docs/search.md#one-box): an aftermarket number without its maker ('HU816X' for MANN HU 816 X),
  // a Mercedes-Benz number without its A. One more statement for all of them, not one per line.
  const unfound = new Set<string>();
  for (const r of rows) {
    if (r.error || found.get(r.normalised)?.length || (r.alternative && found.get(r.alternative.normalised)?.length))
      continue;
    unfound.add(r.normalised);
    if (r.alternative) unfound.add(r.alternative.normalised);
  }
  const makerless = await makerlessFactoryNumbers(db, [...unfound], CANDIDATE_COLUMNS);
  const hitsOf = (key: string) => (found.get(key)?.length ? found.get(key)! : (makerless.get(key) ?? []));
  const answers = rows.map((row) => {
    let hits = row.error ? [] : hitsOf(row.normalised);
    // '34 11 6 860 242' may be the whole number with one piece, '42215489599 x 3' the number three
    // times: the other reading is tried when the plain one finds nothing.
    if (!row.error && hits.length === 0 && row.alternative) {
      const alt = hitsOf(row.alternative.normalised);
      if (alt.length > 0) {
        hits = alt;
        row = { ...row, partNumber: row.alternative.partNumber, qty: row.alternative.qty };
      }
    }
    return decide(row, hits, level);
  });
  return mergeSameProduct(answers);
}
