import { seoulDay, type ClientBaseInfo } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { licenseDaysLeft } from '../../shared/time.js';
import type { AuthContext } from '../auth/index.js';
import { toUserInfo, type CompanyRow } from '../auth/index.js';

/** The company row (named as Drizzle names it) and the three counts, in one prepared statement. */
const BASE_INFO = {
  name: 'base_info',
  text: `select c.id, c.name, c.license, c.area, c.ceo, c.fax, c.phone, c.mail, c.addr_main as "addrMain", c.addr_sub as "addrSub",
      c.post_main as "postMain", c.level, c.point::float8 as point, c.security_num as "securityNum", c.license_end as "licenseEnd",
      c.created_at as "createdAt", c.withdrawn_at as "withdrawnAt",
      c.biz_type as "bizType", c.biz_item as "bizItem", c.invoice_mail as "invoiceMail", c.invoice_mode as "invoiceMode",
      (select count(*)::int from shipping_addresses where company_id = c.id) as addresses,
      (select count(*)::int from cart_items where member_id = $2) as carts,
      (select count(*)::int from orders where company_id = c.id) as buys,
      (select count(*)::int from epc_vin_searches where company_id = c.id and day = $3) as "vinSearches"
    from companies c where c.id = $1`,
};

/**
 * Client base info (docs/requirements.md#entities) for one session: the member's cart lines, the company's orders,
 * cash and licence, read in one query because it is pushed after every payment and cart change.
 * userSearchVinCount: distinct VINs the company opened in the catalogue this Asia/Seoul day.
 */
export async function buildBaseInfo(db: Db, auth: AuthContext): Promise<ClientBaseInfo> {
  const companyId = auth.member.companyId;
  const [row] =
    companyId === null
      ? []
      : await runPrepared<CompanyRow & { addresses: number; carts: number; buys: number; vinSearches: number }>(
          db,
          BASE_INFO,
          [companyId, auth.member.id, seoulDay()],
        );
  const userInfo = toUserInfo(auth.member, row, row?.addresses ?? 0);
  const licenseDays = licenseDaysLeft(row?.licenseEnd ?? null);
  return {
    carts: row?.carts ?? 0,
    buys: row?.buys ?? 0,
    licenseValidDays: licenseDays,
    memberLicense: licenseDays,
    memberPoint: row?.point ?? 0,
    userSearchVinCount: row?.vinSearches ?? 0,
    userInfo,
    token: auth.token,
  };
}
