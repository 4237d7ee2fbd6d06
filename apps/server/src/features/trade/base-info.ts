import { eq, sql } from 'drizzle-orm';
import type { ClientBaseInfo } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import { licenseDaysLeft } from '../../shared/time.js';
import type { AuthContext } from '../auth/sessions.js';
import { toUserInfo } from '../auth/user-info.js';

/**
 * Client base info of spec 1 §3 for one session: the member's cart lines, the company's orders,
 * cash and licence, read in one query because it is pushed after every payment and cart change.
 * VIN searches are counted by the catalogue once it exists.
 */
export async function buildBaseInfo(db: Db, auth: AuthContext): Promise<ClientBaseInfo> {
  const companyId = auth.member.companyId;
  const [row] =
    companyId === null
      ? []
      : await db
          .select({
            company: companies,
            addresses: sql<number>`(select count(*)::int from shipping_addresses where company_id = ${companyId})`,
            carts: sql<number>`(select count(*)::int from cart_items where member_id = ${auth.member.id})`,
            buys: sql<number>`(select count(*)::int from orders where company_id = ${companyId})`,
          })
          .from(companies)
          .where(eq(companies.id, companyId));
  const userInfo = toUserInfo(auth.member, row?.company, Number(row?.addresses ?? 0));
  const licenseDays = licenseDaysLeft(row?.company.licenseEnd ?? null);
  return {
    carts: Number(row?.carts ?? 0),
    buys: Number(row?.buys ?? 0),
    licenseValidDays: licenseDays,
    memberLicense: licenseDays,
    memberPoint: row?.company.point ?? 0,
    userSearchVinCount: 0,
    userInfo,
    token: auth.token,
  };
}
