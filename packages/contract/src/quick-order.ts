/**
 * Quick order, reorder and job references (docs/requirements.md#quick-order): the calls'
 * payloads, answers and Korean messages. The line rules of a paste are in quick-order-lines.ts.
 */
import { z } from 'zod';
import { answerOf } from './envelope.js';
import { QUICK_ORDER_MAX_LINES, QUICK_ORDER_MAX_MEMO, QUICK_ORDER_MAX_QTY } from './quick-order-limits.js';
import { groupDigits } from './rules.js';
import { MSG_ORDER, MSG_STOCK_IN_CART } from './messages-shop.js';
import { rowId } from './page-fields.js';

/** A paste's characters: 500 lines of 50-character numbers and 100-character memos stay well under it. */
export const QUICK_ORDER_MAX_TEXT = 100_000;
import { plainText } from './text-field.js';

/** 작업번호 or 차량번호 of a cart line or an order (docs/requirements.md#job-reference). */
export const JOB_REF_MAX = 30;
/** Products shown for one typed number; a number that matches more is narrowed by the buyer. */
export const QUICK_ORDER_MAX_CANDIDATES = 20;

export const QUICK_ORDER_STATUSES = [
  'exact',
  'replaced',
  'interchangeable',
  'choose',
  'short',
  'soldOut',
  'unknown',
  'invalid',
] as const;
export type QuickOrderStatus = (typeof QUICK_ORDER_STATUSES)[number];

export const MSG_QUICK_ORDER = {
  textOrFile: '붙여넣은 품번 목록이나 파일을 보내 주세요.',
  oneFile: '파일은 한 번에 하나씩 올려 주세요.',
  textTooLong: `붙여넣은 내용이 ${groupDigits(QUICK_ORDER_MAX_TEXT)}자를 넘습니다. 주문할 줄만 ${QUICK_ORDER_MAX_LINES}줄 이내로 나누어 보내 주세요.`,
  columns: '열의 뜻을 다시 골라 주세요. (품번·수량·메모 등)',
  jobRef: `작업번호·차량번호는 ${JOB_REF_MAX}자까지 입력할 수 있습니다.`,
  memo: `메모는 ${QUICK_ORDER_MAX_MEMO}자까지 입력할 수 있습니다.`,
  qty: `수량은 1 이상 ${groupDigits(QUICK_ORDER_MAX_QTY)} 이하의 정수로 입력하세요.`,
  noLines: '장바구니에 담을 상품을 선택하세요.',
  tooManyLines: `한 번에 최대 ${QUICK_ORDER_MAX_LINES}줄까지 담을 수 있습니다.`,
  sameProductTwice: '같은 상품이 두 줄에 있습니다. 한 줄로 합쳐 주세요.',
  added: (n: number) => `${groupDigits(n)}개 상품을 장바구니에 담았습니다.`,
  stockChanged: (names: string[]) =>
    `재고가 바뀐 상품이 있어 아무것도 담지 않았습니다: ${names.join(', ')}. 수량을 확인한 뒤 다시 담아 주세요.`,
  /**
   * A line refused for its stock: sold out only with no stock (a restock alert is refused for a
   * product in stock, docs/requirements.md#restock-alerts); else the stock, and what the cart holds.
   */
  lineStock: (name: string, stock: number, inCart: number) =>
    stock <= 0
      ? `${name} (품절)`
      : inCart > 0
        ? `${name} ${MSG_STOCK_IN_CART(stock, inCart)}`
        : `${name} (재고 ${groupDigits(stock)}개)`,
  productGone: '판매하지 않는 상품이 있어 아무것도 담지 않았습니다. 목록을 다시 확인해 주세요.',
  /**
   * An add that would take a cart line past one line's limit, which checkout refuses
   * (docs/requirements.md#cart-and-checkout): 장바구니 says what the line holds; a quick order names each line.
   */
  cartLineMax: (inCart: number) =>
    `수량은 ${groupDigits(QUICK_ORDER_MAX_QTY)}개까지 입력할 수 있습니다. (장바구니 ${groupDigits(inCart)}개)`,
  lineMaxChanged: (names: string[]) =>
    `장바구니 한 줄에는 ${groupDigits(QUICK_ORDER_MAX_QTY)}개까지 담을 수 있어 아무것도 담지 않았습니다: ${names.join(', ')}. 수량을 확인한 뒤 다시 담아 주세요.`,
  lineInCart: (name: string, inCart: number) => `${name} (장바구니 ${groupDigits(inCart)}개)`,
  // Per-line explanations of a resolved row.
  exact: '품번이 일치합니다.',
  replaced: (from: string, to: string) => `대체품번입니다 (이전 번호 ${from} → 현재 ${to}).`,
  interchangeable: '호환품번 상품입니다.',
  choose: (n: number) => `일치하는 상품이 ${groupDigits(n)}개입니다. 창고나 종류를 골라 주세요.`,
  chooseMany: `일치하는 상품이 ${QUICK_ORDER_MAX_CANDIDATES}개가 넘습니다. 앞의 ${QUICK_ORDER_MAX_CANDIDATES}개만 보여 드립니다. 품번을 더 정확히 입력해 주세요.`,
  short: (stock: number) => `재고가 ${groupDigits(stock)}개뿐이라 수량을 ${groupDigits(stock)}개로 줄였습니다.`,
  /** Lines of one product together past one cart line's limit, with the stock for it (docs/requirements.md#quick-order). */
  capped: `한 줄에 ${groupDigits(QUICK_ORDER_MAX_QTY)}개까지 담을 수 있어 수량을 ${groupDigits(QUICK_ORDER_MAX_QTY)}개로 줄였습니다.`,
  soldOut: '품절입니다. 재입고 알림을 신청할 수 있습니다.',
  unknown: '일치하는 상품이 없습니다. 채팅으로 문의해 주세요.',
  mergedWith: (line: number) => `${groupDigits(line)}번째 줄과 같은 상품이라 합쳤습니다.`,
  // Reorder.
  reorderNothing: '다시 담을 수 있는 상품이 없습니다.',
  reordered: (n: number) => `${groupDigits(n)}개 상품을 장바구니에 다시 담았습니다.`,
  reorderSame: '주문 때와 같습니다.',
  reorderPrice: (before: number, now: number) =>
    `가격이 ${groupDigits(before)}원에서 ${groupDigits(now)}원으로 바뀌었습니다.`,
  reorderShort: (stock: number) => `재고가 ${groupDigits(stock)}개라 수량을 줄였습니다.`,
  reorderSoldOut: '품절이라 담지 않았습니다.',
  /** What one cart line may still take, less than the order's (docs/requirements.md#reorder). */
  reorderCapped: (room: number) =>
    `한 줄에 ${groupDigits(QUICK_ORDER_MAX_QTY)}개까지 담을 수 있어 ${groupDigits(room)}개만 담았습니다.`,
  reorderLineFull: `장바구니에 이미 ${groupDigits(QUICK_ORDER_MAX_QTY)}개가 담겨 있어 더 담지 않았습니다. 한 줄에 ${groupDigits(QUICK_ORDER_MAX_QTY)}개까지 담을 수 있습니다.`,
  /** In stock, but the cart already holds all of it: not sold out, so no restock alert (docs/requirements.md#reorder). */
  reorderInCart: (stock: number) =>
    `장바구니에 이미 주문 가능한 재고 ${groupDigits(stock)}개가 모두 담겨 있어 더 담지 않았습니다.`,
  reorderReplaced: (from: string, to: string) => `${from}이(가) ${to}(으)로 대체되어 새 품번으로 담았습니다.`,
  reorderGone: '더 이상 판매하지 않는 상품이라 담지 않았습니다.',
  orderNotFound: '주문을 찾을 수 없습니다.',
  requestId: '요청 번호가 올바르지 않습니다. 화면을 새로 고친 뒤 다시 담아 주세요.',
  requestReused: '같은 요청 번호로 다른 내용을 보냈습니다. 화면을 새로 고친 뒤 다시 담아 주세요.',
} as const;

/** Optional job reference of ours: absent or empty is none; spaces around it are dropped. */
export const jobRefField = plainText(
  z.string({ error: MSG_QUICK_ORDER.jobRef }).trim().max(JOB_REF_MAX, MSG_QUICK_ORDER.jobRef),
).optional();

/** A line's product, as a number or a string of digits ('322'), as the cart's and the payment's are. */
const productId = rowId(MSG_QUICK_ORDER.noLines);
const qty = z
  .number({ error: MSG_QUICK_ORDER.qty })
  .int(MSG_QUICK_ORDER.qty)
  .min(1, MSG_QUICK_ORDER.qty)
  .max(QUICK_ORDER_MAX_QTY, MSG_QUICK_ORDER.qty);

/**
 * api/resolveQuickOrder as JSON: the pasted text. A multipart upload (field `file`) sends a file
 * instead, so the JSON body is optional (null when multipart).
 */
export const estimateRole = z.enum(['line', 'part', 'name', 'qty', 'price', 'amount', 'memo', 'other'], {
  error: MSG_QUICK_ORDER.columns,
});
/** The columns an estimate was read by (docs/search.md#paste-anything): a role per column, and whether a header row was skipped. */
export const estimateColumnsSchema = z.object({ roles: z.array(estimateRole), header: z.boolean() });
export const resolveQuickOrderRequest = z
  .object({
    text: z.string({ error: MSG_QUICK_ORDER.textOrFile }).max(QUICK_ORDER_MAX_TEXT, MSG_QUICK_ORDER.textTooLong),
    /** Ours, optional: the columns as the buyer corrected them (a role per column). */
    columns: z.array(estimateRole, { error: MSG_QUICK_ORDER.columns }).max(50, MSG_QUICK_ORDER.columns).optional(),
  })
  .nullish();
export const QUICK_ORDER_FILE_FIELD = 'file';
/**
 * Ours: beside the file, the columns as the buyer corrected them (docs/search.md#paste-anything),
 * the roles joined by commas ('line,part,name,qty'); sent before the file.
 */
export const QUICK_ORDER_COLUMNS_FIELD = 'columns';
/** The roles of a columns field, or null when it is not a list of at most 50 known roles. */
export function estimateRolesField(value: string): EstimateRoleName[] | null {
  const parsed = z.array(estimateRole).min(1).max(50).safeParse(value.split(','));
  return parsed.success ? parsed.data : null;
}
type EstimateRoleName = z.infer<typeof estimateRole>;

export const quickOrderCandidate = z.object({
  productId: z.number().int(),
  name: z.string(),
  pid: z.string(),
  factoryNum: z.string(),
  /** The company's tier price (docs/requirements.md#prices-and-tiers). */
  price: z.number().int(),
  stock: z.number().int(),
  stockName: z.string(),
  storageId: z.number().int(),
  match: z.enum(['own', 'replaced', 'interchangeable']),
  /** '품번 일치', '대체품번 (이전 번호 X → 현재 Y)' or '호환품번'. */
  label: z.string(),
});
export type QuickOrderCandidate = z.infer<typeof quickOrderCandidate>;

export const quickOrderRow = z.object({
  /** Line of the paste or row of the file, from 1. */
  line: z.number().int(),
  input: z.string(),
  partNumber: z.string(),
  /**
   * The quantity asked for (null when the line's quantity could not be read); lines merged into this
   * one may together ask for more than one cart line takes (QUICK_ORDER_MAX_QTY).
   */
  qty: z.number().int().nullable(),
  /**
   * The quantity proposed: lowered to the stock for `short`, to QUICK_ORDER_MAX_QTY when more was asked
   * (its message says so), 0 when nothing can be ordered.
   */
  orderQty: z.number().int(),
  memo: z.string(),
  status: z.enum(QUICK_ORDER_STATUSES),
  message: z.string(),
  candidates: z.array(quickOrderCandidate),
  /** The candidate proposed; null for choose, unknown and invalid lines. */
  productId: z.number().int().nullable(),
  /** Later lines merged into this one (same number, or another number of the same product). */
  mergedLines: z.array(z.number().int()),
});
export type QuickOrderRowAnswer = z.infer<typeof quickOrderRow>;
/**
 * `columns` (ours, optional): for an estimate read by its columns, the role read for each column.
 * `hiddenRows` (ours, optional): for a workbook, the rows with something in them that were hidden or
 * filtered out and not read (docs/requirements.md#quick-order); absent when none was.
 */
export const resolveQuickOrderAnswer = answerOf(z.array(quickOrderRow)).extend({
  columns: estimateColumnsSchema.optional(),
  hiddenRows: z.number().int().optional(),
});

/**
 * Ours, optional: the id of one attempt of a cart write (a quick order's lines, a reorder); sent again
 * with a retry, the server answers what the first did instead of adding the lines twice.
 */
export const cartRequestIdField = z
  .string({ error: MSG_QUICK_ORDER.requestId })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, MSG_QUICK_ORDER.requestId)
  .optional();

export const addQuickOrderToCartRequest = z.object({
  clientRequestId: cartRequestIdField,
  lines: z
    .array(
      z.object({
        productId,
        qty,
        memo: plainText(
          z.string({ error: MSG_QUICK_ORDER.memo }).trim().max(QUICK_ORDER_MAX_MEMO, MSG_QUICK_ORDER.memo),
        ).optional(),
        jobRef: jobRefField,
      }),
      { error: MSG_QUICK_ORDER.noLines },
    )
    .min(1, MSG_QUICK_ORDER.noLines)
    .max(QUICK_ORDER_MAX_LINES, MSG_QUICK_ORDER.tooManyLines),
});
export type AddQuickOrderToCartRequest = z.input<typeof addQuickOrderToCartRequest>;
export const addQuickOrderToCartAnswer = answerOf(z.object({ added: z.number().int() }));

/** api/reorder: the order by its number, a number or a query string's digits ('3'; docs/requirements.md#validation). */
export const reorderRequest = z.object({
  seq: rowId(MSG_ORDER.selectOrder),
  clientRequestId: cartRequestIdField,
});
export const reorderLine = z.object({
  productId: z.number().int(),
  /** The number on the order, and the product put in the cart (another one when it was replaced). */
  name: z.string(),
  pid: z.string(),
  cartProductId: z.number().int().nullable(),
  cartPid: z.string().nullable(),
  qty: z.number().int(),
  addedQty: z.number().int(),
  priceBefore: z.number().int(),
  priceNow: z.number().int().nullable(),
  /** Nothing added: `soldOut` has no stock, `inCart` has stock the cart already holds all of. */
  change: z.enum(['same', 'price', 'short', 'soldOut', 'inCart', 'replaced', 'gone']),
  message: z.string(),
});
export type ReorderLine = z.infer<typeof reorderLine>;
export const reorderAnswer = answerOf(z.array(reorderLine));
