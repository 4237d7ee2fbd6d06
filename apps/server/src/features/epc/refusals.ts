import { EPC_MSG } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../shared/http.js';
import { licenseDaysOf } from './quota.js';

/**
 * The catalogue's refusals, thrown as AppError like every other feature's (docs/architecture.md#errors):
 * missing data is 404 ('정보가 없습니다.'), a malformed VIN or keyword 400, a VIN the company may not
 * read 403.
 */

export const noInfo = (): AppError => notFound(EPC_MSG.noInfo);

/**
 * A deeper call refused for a VIN that is not open: a company whose licence has ended learns that
 * (its VINs of the morning stop with the licence), any other that the VIN must be searched first.
 */
export async function notOpened(db: Db, companyId: number): Promise<AppError> {
  return forbidden((await licenseDaysOf(db, companyId)) <= 0 ? EPC_MSG.licenseRequired : EPC_MSG.vinNotOpened);
}
