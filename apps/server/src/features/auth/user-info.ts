import { count, eq } from 'drizzle-orm';
import type { CompanyLevel, UserInfo } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { companies, members, shippingAddresses } from '../members/schema.js';
import type { MemberRow } from './sessions.js';

export type CompanyRow = typeof companies.$inferSelect;

/** Company details are "set" when the representative, phone and address are filled in. */
function companyDetailsSet(c: CompanyRow): boolean {
  return c.license !== null && c.ceo !== '' && c.phone !== '' && c.addrMain !== '';
}

/** The userInfo the login answer, the base-info event and the web app's header read. */
export async function buildUserInfo(db: Db, member: MemberRow): Promise<UserInfo> {
  if (member.companyId === null) return toUserInfo(member, undefined, 0);
  const [company] = await db.select().from(companies).where(eq(companies.id, member.companyId));
  const [row] = await db
    .select({ n: count() })
    .from(shippingAddresses)
    .where(eq(shippingAddresses.companyId, member.companyId));
  return toUserInfo(member, company, Number(row?.n ?? 0));
}

/** userInfo from rows already read (the base-info query reads them in one go). */
export function toUserInfo(member: MemberRow, company: CompanyRow | undefined, addressCount: number): UserInfo {
  return {
    seq: member.id,
    id: member.loginId,
    name: member.name,
    phone: member.phone,
    mail: member.mail,
    type: member.type,
    role: member.role as UserInfo['role'],
    companyId: member.companyId,
    companyName: company?.name ?? '',
    companyInfo: company
      ? {
          seq: company.id,
          name: company.name,
          license: company.license ?? '',
          area: company.area,
          ceo: company.ceo,
          fax: company.fax,
          phone: company.phone,
          mail: company.mail,
          addrMain: company.addrMain,
          addrSub: company.addrSub,
          postMain: company.postMain,
          level: company.level as CompanyLevel,
          point: company.point,
          securityNum: member.type === 0 ? company.securityNum : null,
          licenseFlag: companyDetailsSet(company) && addressCount > 0,
          bizType: company.bizType,
          bizItem: company.bizItem,
          invoiceMail: company.invoiceMail,
          invoiceMode: company.invoiceMode === 'monthly' ? 'monthly' : 'order',
        }
      : null,
  };
}

export async function findMemberById(db: Db, id: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
}
