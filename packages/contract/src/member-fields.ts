/**
 * Fields the member area's payloads share. Only the member*.ts modules import them: the package's
 * index.ts does not export this module, so these short names stay out of the contract's surface.
 */
import { z } from 'zod';
import { rowId } from './page-fields.js';
import { hasVisibleText, newLoginIdRefusal } from './rules.js';

/** A required text: trimmed, one character of it visible (fillers or U+200B alone are blank; docs/requirements.md#validation). */
export const required = (msg: string) => z.string({ error: msg }).trim().min(1, msg).refine(hasVisibleText, msg);
/** A row's id: a number or a string of digits ('12'), as a query string carries it (docs/requirements.md#validation). */
export const id = rowId();
export const digitsField = (min: number, max: number, requiredMsg: string, msg: string) =>
  (min > 0 ? required(requiredMsg) : z.string({ error: msg }).trim()).regex(new RegExp(`^\\d{${min},${max}}$`), msg);
/**
 * A contact mail (my info's, an account's, the company's and its 세금계산서 mail) in printable ASCII, the
 * rule of a new login id (`newLoginIdRefusal`): full-width letters ('ｍａｉｌ@ｔｅｓｔ.kr') read as another
 * address and reach nobody (docs/requirements.md#validation). An empty optional mail passes.
 */
export const isAsciiMail = (mail: string) => newLoginIdRefusal(mail) !== 'ascii';
