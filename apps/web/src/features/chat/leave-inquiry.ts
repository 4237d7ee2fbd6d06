/**
 * The writing side of the chat inquiry, apart from inquiry.ts (which checks what it reads with a zod
 * schema): the product popup of the home page leaves inquiries, and builds no schema for it.
 */

/** What a product page or the catalogue asks about; inquiry.ts checks a stored one against its schema. */
export type ChatInquiry =
  | { kind: 'product'; productId: number; qty: number }
  | { kind: 'part'; vin: string; brand: string; part: string; pid: string; quantity: number }
  /** A quick order line whose number the shop does not know. */
  | { kind: 'number'; pid: string; quantity: number };

/** The key a product page or the catalogue leaves for the chat window: the inquiry to send once. */
export const CHAT_INQUIRY_KEY = 'chatInquiry';

/** Leaves an inquiry for the chat window that is about to open. */
export function leaveInquiry(inquiry: ChatInquiry) {
  try {
    sessionStorage.setItem(CHAT_INQUIRY_KEY, JSON.stringify(inquiry));
  } catch {
    /* storage blocked: the chat opens without it */
  }
}
