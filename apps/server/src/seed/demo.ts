import { eq, sql } from 'drizzle-orm';
import {
  LICENSE_PACKAGES,
  MEMBER_TYPE_MAIN,
  MEMBER_TYPE_SUB,
  formatWon,
  isValidBusinessNumber,
} from '@partsmall/contract';
import type { Db } from '../db/client.js';
import {
  cashLedger,
  companies,
  creditAccountAudit,
  creditAccounts,
  mallConfig,
  members,
  payments,
  shippingAddresses,
} from '../db/schema.js';
import { hashPassword, newSecurityNumber } from '../features/auth/index.js';
import { saveMallConfig } from '../features/mall/index.js';
import { createNotice } from '../features/notices/index.js';
import { extendLicense } from '../shared/time.js';
import { seedEpcDemo } from '../features/epc/index.js';
import { seedBodyParts } from './body-parts.js';
import { MALL_CONFIG } from './mall-config.js';
import { seedNotices } from './notices.js';
import { seedProducts, writeProductImages } from './products.js';

/** Completes nine digits with the National Tax Service check digit. */
export function withCheckDigit(nine: string): string {
  for (let d = 0; d <= 9; d++) if (isValidBusinessNumber(nine + d)) return nine + d;
  throw new Error(`no check digit for ${nine}`);
}

/** The demo logins: printed at start and listed in the README. Demo credentials live only here. */
export const DEMO_LOGINS = [
  {
    id: 'demo@partsmall.kr',
    pw: 'demo1234',
    what: '데모 회사 대표 계정 (골드, 캐시 5,000,000원, 외상 한도 3,000,000원, 라이선스 30일)',
  },
  { id: 'sub@partsmall.kr', pw: 'demo1234', what: '데모 회사 부계정' },
  { id: 'other@partsmall.kr', pw: 'demo1234', what: '다른 회사 대표 계정 (브론즈, 캐시 100,000원)' },
  { id: 'staff@partsmall.kr', pw: 'staff1234', what: '상담 직원' },
  { id: 'admin@partsmall.kr', pw: 'admin1234', what: '관리자' },
] as const;

export const DEMO_COMPANY = {
  name: '한빛수입차부품',
  license: withCheckDigit('123456789'),
  securityNum: '482913',
  /** What a tax invoice needs beyond the 사업자등록번호 (docs/requirements.md#tax-invoices). */
  invoice: { bizType: '도매 및 소매업', bizItem: '자동차 부품', invoiceMail: 'tax@hanbitparts.kr' },
};
export const OTHER_COMPANY = { name: '대성모터스', license: withCheckDigit('220811234') };

const POPUP_NOTICES = [
  {
    title: '연말 배송 일정 안내',
    content:
      '<p>12월 31일 ~ 1월 1일은 택배사 휴무로 출고가 없습니다.</p><p>12월 30일 오후 2시 이전 결제분까지 당일 출고됩니다.</p>',
  },
];

async function ensureMember(
  db: Db,
  values: Omit<typeof members.$inferInsert, 'passwordHash'> & { pw: string },
): Promise<number> {
  const [existing] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, values.loginId));
  if (existing) return existing.id;
  const { pw, ...rest } = values;
  const [row] = await db
    .insert(members)
    .values({ ...rest, passwordHash: await hashPassword(pw) })
    .returning({ id: members.id });
  return row!.id;
}

async function ensureCompany(db: Db, values: typeof companies.$inferInsert, cash: number): Promise<number> {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.license, values.license!));
  if (existing) return existing.id;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values({ ...values, point: cash })
      .returning({ id: companies.id });
    // The opening balance is a ledger row too, so the ledger always sums to the balance.
    await tx
      .insert(cashLedger)
      .values({ companyId: row!.id, type: 'adjust', amount: cash, balanceAfter: cash, note: '데모 초기 캐시' });
    // The payment histories show the opening cash and licence as charges the shop made ('manager').
    const paidAt = new Date();
    const shopCharge = (kind: 'point' | 'license') => ({
      gatewayId: `manager:demo:${row!.id}:${kind}`,
      provider: 'manager',
      companyId: row!.id,
      kind,
      pgcode: 'manager',
      status: 'paid',
      paidAt,
    });
    await tx
      .insert(payments)
      .values({ ...shopCharge('point'), amount: cash, productName: `캐시 충전 ${formatWon(cash)}` });
    if (values.licenseEnd) {
      await tx.insert(payments).values({
        ...shopCharge('license'),
        amount: LICENSE_PACKAGES[0]!.price,
        days: LICENSE_PACKAGES[0]!.days,
        productName: `라이선스 ${LICENSE_PACKAGES[0]!.content}`,
      });
    }
    return row!.id;
  });
}

/** True when the database has never been seeded (no shop configuration). */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: mallConfig.id }).from(mallConfig).limit(1);
  return rows.length === 0;
}

/**
 * What the demo company holds beside its row, each added only when missing: its invoice fields (a
 * demo database seeded before they existed gets them), a delivery address and a credit account.
 */
async function completeDemoCompany(db: Db, companyId: number): Promise<void> {
  // A demo database seeded before these fields existed gets them too, unless someone filled them.
  const { bizType, bizItem, invoiceMail } = DEMO_COMPANY.invoice;
  await db
    .update(companies)
    .set({
      bizType: sql`case when trim(${companies.bizType}) = '' then ${bizType} else ${companies.bizType} end`,
      bizItem: sql`case when trim(${companies.bizItem}) = '' then ${bizItem} else ${companies.bizItem} end`,
      invoiceMail: sql`case when trim(${companies.invoiceMail}) = '' then ${invoiceMail} else ${companies.invoiceMail} end`,
    })
    .where(eq(companies.id, companyId));
  const [address] = await db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.companyId, companyId))
    .limit(1);
  if (!address) {
    await db.insert(shippingAddresses).values({
      companyId: companyId,
      basic: true,
      name: '박준호',
      phone: '01012345601',
      postNum: '04790',
      address: '서울특별시 성동구 성수이로 77',
      addrSub: '3층 301호',
    });
  }
  // 외상 (docs/requirements.md#credit): the demo company buys on credit too, up to 3,000,000원.
  const [credit] = await db
    .insert(creditAccounts)
    .values({
      companyId: companyId,
      status: 'active',
      creditLimit: 3_000_000,
      termCode: 'EOM_NEXT_10',
      graceDays: 5,
      overdueThreshold: 0,
    })
    .onConflictDoNothing()
    .returning();
  if (credit)
    await db.insert(creditAccountAudit).values({
      companyId: companyId,
      actorName: '시스템',
      reason: '데모 상점 외상 거래',
      before: null,
      after: { status: 'active', limit: 3_000_000, termCode: 'EOM_NEXT_10', graceDays: 5, overdueThreshold: 0 },
    });
}

/**
 * Seeds the demo shop; every piece is added only when missing, so it can run on any database.
 * With an upload folder, the product pictures are drawn there too.
 */
export async function seedDemo(db: Db, opts: { uploadDir?: string } = {}): Promise<void> {
  if (opts.uploadDir) writeProductImages(opts.uploadDir);
  await seedProducts(db);
  await seedBodyParts(db);
  await seedEpcDemo(db, { uploadDir: opts.uploadDir });
  if (await isEmpty(db)) {
    await saveMallConfig(db, MALL_CONFIG);
    for (const n of POPUP_NOTICES) await createNotice(db, { type: 0, title: n.title, content: n.content, popup: true });
  }
  await seedNotices(db);
  const demoCompanyId = await ensureCompany(
    db,
    {
      name: DEMO_COMPANY.name,
      license: DEMO_COMPANY.license,
      area: '서울 성동구',
      ceo: '박준호',
      phone: '0224681357',
      fax: '0224681358',
      mail: 'order@hanbitparts.kr',
      postMain: '04790',
      addrMain: '서울특별시 성동구 성수이로 77',
      addrSub: '3층 301호',
      level: 'b',
      securityNum: DEMO_COMPANY.securityNum,
      licenseEnd: extendLicense(null, 30),
      ...DEMO_COMPANY.invoice,
    },
    5_000_000,
  );
  await completeDemoCompany(db, demoCompanyId);
  const otherCompanyId = await ensureCompany(
    db,
    {
      name: OTHER_COMPANY.name,
      license: OTHER_COMPANY.license,
      area: '부산 사상구',
      level: 'd',
      securityNum: newSecurityNumber(),
    },
    100_000,
  );
  const [demo, sub, other, staff, admin] = DEMO_LOGINS;
  await ensureMember(db, {
    loginId: demo.id,
    pw: demo.pw,
    name: '박준호',
    phone: '01012345601',
    mail: demo.id,
    type: MEMBER_TYPE_MAIN,
    companyId: demoCompanyId,
  });
  await ensureMember(db, {
    loginId: sub.id,
    pw: sub.pw,
    name: '최민지',
    phone: '01012345602',
    mail: sub.id,
    type: MEMBER_TYPE_SUB,
    companyId: demoCompanyId,
  });
  await ensureMember(db, {
    loginId: other.id,
    pw: other.pw,
    name: '정우성',
    phone: '01012345603',
    mail: other.id,
    type: MEMBER_TYPE_MAIN,
    companyId: otherCompanyId,
  });
  await ensureMember(db, {
    loginId: staff.id,
    pw: staff.pw,
    name: '상담원 김하늘',
    phone: '01012345604',
    mail: staff.id,
    role: 'staff',
    companyId: null,
  });
  await ensureMember(db, {
    loginId: admin.id,
    pw: admin.pw,
    name: '관리자',
    phone: '01012345605',
    mail: admin.id,
    role: 'admin',
    companyId: null,
  });
}
