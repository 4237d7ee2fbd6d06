/** What the cart, checkout and finished pages pass each other through the tab's sessionStorage. */
import type { BuyItem, CartLine, PaymentResult } from '@partsmall/contract';

/** One item to pay: a 'buy now' item of api/addToBuy, or a cart line (which adds its seq). */
export type PaymentItem = BuyItem & { seq?: number };

export interface PaymentDraft {
  source: 'cart' | 'buy';
  items: PaymentItem[];
}

/** The paymentFinish result of a paid order. */
export type FinishedPayment = PaymentResult;

const KEYS = { draft: 'paymentItems', finished: 'finishedPayment' } as const;

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function write(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked: the app frame already asks the user to allow it.
  }
}

/** The tab's payment items (from the cart or 'buy now') and the last finished payment. */
export const paymentStore = {
  draft(): PaymentDraft | null {
    const d = read<PaymentDraft>(KEYS.draft);
    return d && Array.isArray(d.items) ? d : null;
  },
  setDraft(draft: PaymentDraft) {
    write(KEYS.draft, draft);
  },
  clearDraft() {
    write(KEYS.draft, null);
  },
  finished(): FinishedPayment | null {
    return read<FinishedPayment>(KEYS.finished);
  },
  setFinished(result: FinishedPayment) {
    write(KEYS.finished, result);
  },
  /** Entering the cart or checkout removes a leftover finished payment (docs/requirements.md#cart-and-checkout). */
  clearFinished() {
    write(KEYS.finished, null);
  },
};

export function fromCartLine(line: CartLine): PaymentItem {
  return {
    seq: line.seq,
    productId: line.productInfo.seq,
    qty: line.qty,
    managerCompanyId: line.managerCompanyId,
    productInfo: line.productInfo,
    vin: line.vin,
  };
}

/**
 * 'Buy now' from a popup (the parts catalogue): the payment items go to the opener's tab, whose
 * checkout then shows them. Same origin, so the opener's storage is reachable; false when not.
 */
export function handDraftTo(target: Window, draft: PaymentDraft): boolean {
  try {
    target.sessionStorage.setItem(KEYS.draft, JSON.stringify(draft));
    target.sessionStorage.removeItem(KEYS.finished);
    return true;
  } catch {
    return false;
  }
}
