import { z } from 'zod';
import { CHAT_INQUIRY_KEY, type ChatInquiry } from './leave-inquiry';

export { CHAT_INQUIRY_KEY, leaveInquiry, type ChatInquiry } from './leave-inquiry';

export const inquirySchema = z.union([
  z.object({
    kind: z.literal('product'),
    productId: z.number().int().positive(),
    qty: z.number().int().positive().max(100_000),
  }),
  z.object({
    kind: z.literal('part'),
    vin: z.string().max(40),
    brand: z.string().max(60),
    part: z.string().max(200),
    pid: z.string().max(60),
    quantity: z.number().int().positive().max(100_000),
  }),
  z.object({
    kind: z.literal('number'),
    pid: z.string().max(100),
    quantity: z.number().int().positive().max(100_000),
  }),
]) satisfies z.ZodType<ChatInquiry>;

/**
 * Takes the waiting inquiry, from this window's storage or its opener's (a popup that was already
 * open keeps its own copy of the storage), and removes it so that it is sent once.
 */
export function takeInquiry(): ChatInquiry | null {
  const stores: Storage[] = [];
  try {
    stores.push(sessionStorage);
  } catch {
    /* storage blocked */
  }
  try {
    const opener = window.opener as Window | null;
    if (opener && opener !== window && opener.location.origin === window.location.origin)
      stores.push(opener.sessionStorage);
  } catch {
    /* another origin's window */
  }
  let found: ChatInquiry | null = null;
  for (const store of stores) {
    const raw = store.getItem(CHAT_INQUIRY_KEY);
    if (raw === null) continue;
    store.removeItem(CHAT_INQUIRY_KEY);
    if (found) continue;
    try {
      const parsed = inquirySchema.safeParse(JSON.parse(raw));
      if (parsed.success) found = parsed.data;
    } catch {
      /* not JSON: dropped */
    }
  }
  return found;
}
