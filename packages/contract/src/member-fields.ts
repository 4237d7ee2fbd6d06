/**
 * Fields the member area's payloads share. Only the member*.ts modules import them: the package's
 * index.ts does not export this module, so these short names stay out of the contract's surface.
 */
import { z } from 'zod';
import { MSG } from './messages.js';

export const required = (msg: string) => z.string({ error: msg }).trim().min(1, msg);
export const id = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);
export const digitsField = (min: number, max: number, requiredMsg: string, msg: string) =>
  (min > 0 ? required(requiredMsg) : z.string({ error: msg }).trim()).regex(new RegExp(`^\\d{${min},${max}}$`), msg);
