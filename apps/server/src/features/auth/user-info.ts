import type { CompanyLevel, UserInfo } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { companyById, memberById, type CompanyRecord } from '../members/repository.js';
import { addressCount } from '../shipping/repository.js';
import type { MemberRow } from './sessions.js';

export type CompanyRow = CompanyRecord;

/** Company details are "set" when the representative, phone and address are filled in. */
function companyDetailsSet(c: CompanyRow): boolean {
  return c.license !== null && c.ceo !== '' && c.phone !== '' && c.addrMain !== '';
}

/** The userInfo the login answer, the base-info event and the web app's header read. */
export async function buildUserInfo(db: Db, member: MemberRow): Promise<UserInfo> {
  if (member.companyId === null) return toUserInfo(member, undefined, 0);
  const company = await companyById(db, member.companyId);
  return toUserInfo(member, company, await addressCount(db, member.companyId));
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

export const findMemberById = (db: Db, id: number): Promise<MemberRow | undefined> => memberById(db, id);
