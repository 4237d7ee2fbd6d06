import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ADMIN, MSG_CREDIT } from '@partsmall/contract';
import { creditAccountAudit, creditAccounts } from '../../src/db/schema.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import type { TestCompany } from '../member-helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';

/**
 * Credit accounts (docs/requirements.md#credit-accounts): who may set and read them, the refusals
 * that change nothing, the audit of every change, the buyer's summary and the terms.
 */
let server: TestServer;
let buyer: TestCompany;
let other: TestCompany;
let t: CreditTokens;

const base = {
  status: 'active' as const,
  limit: 2_000_000,
  allowExceed: false,
  termCode: 'EOM_NEXT_EOM',
  graceDays: 5,
  overdueThreshold: 10_000,
  allowSubAccounts: false,
  reason: '연간 거래 약정 체결',
};

beforeAll(async () => {
  server = await startTestServer();
  ({ buyer, other, tokens: t } = await creditBuyers(server, '외상'));
});
afterAll(async () => {
  await server?.close();
});

const auditCount = async (companyId: number) =>
  Number(
    (
      await server.db
        .select({ n: sql<string>`count(*)` })
        .from(creditAccountAudit)
        .where(eq(creditAccountAudit.companyId, companyId))
    )[0]!.n,
  );

describe('api/admin/setCreditAccount', () => {
  it('only an admin sets an account: visitor 401, buyers 403, staff 403', async () => {
    const payload = { companyId: buyer.companyId, ...base };
    expect((await call(server, 'adminSetCreditAccount', payload)).status).toBe(401);
    for (const token of [t.main, t.sub, t.other])
      expect((await call(server, 'adminSetCreditAccount', payload, { token })).status).toBe(403);
    const staff = await call(server, 'adminSetCreditAccount', payload, { token: t.staff });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe(MSG_ADMIN.adminOnly);
    expect(await server.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, buyer.companyId))).toEqual(
      [],
    );
  });

  it('creates the account and audits who, why, before and after', async () => {
    const res = await call(
      server,
      'adminSetCreditAccount',
      { companyId: buyer.companyId, ...base },
      { token: t.admin },
    );
    expect(res.body.code).toBe(201);
    expect(res.body.message).toBe(MSG_CREDIT.saved);
    expect(res.body.results!.account).toMatchObject({
      companyId: buyer.companyId,
      companyName: '외상상사',
      status: 'active',
      statusLabel: '정상',
      limit: 2_000_000,
      termCode: 'EOM_NEXT_EOM',
      termLabel: '월말 마감 익월 말일',
      graceDays: 5,
      overdueThreshold: 10_000,
    });
    expect(res.body.results!.summary).toMatchObject({ limit: 2_000_000, used: 0, available: 2_000_000 });
    expect(res.body.results!.audit).toHaveLength(1);
    expect(res.body.results!.audit[0]).toMatchObject({
      actorName: '관리자',
      reason: '연간 거래 약정 체결',
      before: null,
      after: { status: 'active', limit: 2_000_000, termCode: 'EOM_NEXT_EOM' },
    });
    expect(res.body.results!.terms.map((x) => x.code)).toEqual(
      expect.arrayContaining(['EOM_NEXT_EOM', 'EOM_NEXT_10', 'EOM_PLUS_30']),
    );

    const changed = await call(
      server,
      'adminSetCreditAccount',
      { companyId: buyer.companyId, ...base, limit: 3_000_000, termCode: 'EOM_PLUS_30', reason: '한도 증액 요청' },
      { token: t.admin },
    );
    expect(changed.body.code).toBe(201);
    const newest = changed.body.results!.audit[0]!;
    expect(newest).toMatchObject({
      reason: '한도 증액 요청',
      before: { limit: 2_000_000, termCode: 'EOM_NEXT_EOM' },
      after: { limit: 3_000_000, termCode: 'EOM_PLUS_30' },
    });
  });

  it('refuses a limit of -1, 1.5 or a word, an unknown term and a missing reason in Korean, changing nothing', async () => {
    const before = (await call(server, 'adminGetCreditAccount', { companyId: buyer.companyId }, { token: t.admin }))
      .body.results!.account;
    const audits = await auditCount(buyer.companyId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ limit: -1 }, MSG_CREDIT.limitInvalid, 'limit'],
      [{ limit: 1.5 }, MSG_CREDIT.limitInvalid, 'limit'],
      [{ limit: '백만원' }, MSG_CREDIT.limitInvalid, 'limit'],
      [{ graceDays: -3 }, MSG_CREDIT.graceDaysInvalid, 'graceDays'],
      [{ overdueThreshold: 'a' }, MSG_CREDIT.thresholdInvalid, 'overdueThreshold'],
      [{ status: 'vip' }, MSG_CREDIT.statusInvalid, 'status'],
      [{ termCode: 'NO_SUCH_TERM' }, MSG_CREDIT.termNotFound, 'termCode'],
      [{ termCode: '월말' }, MSG_CREDIT.termCodeInvalid, 'termCode'],
      [{ reason: '' }, MSG_ADMIN.reasonRequired, 'reason'],
    ];
    for (const [change, message, field] of cases) {
      const res = await call(
        server,
        'POST',
        'api/admin/setCreditAccount',
        { companyId: buyer.companyId, ...base, limit: 9_000_000, ...change },
        t.admin,
      );
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.field).toBe(field);
    }
    const after = (await call(server, 'adminGetCreditAccount', { companyId: buyer.companyId }, { token: t.admin })).body
      .results!.account;
    expect(after).toEqual(before);
    expect(await auditCount(buyer.companyId)).toBe(audits);
  });

  it('answers 404 for a company that does not exist', async () => {
    const res = await call(server, 'adminSetCreditAccount', { companyId: 99_999_999, ...base }, { token: t.admin });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG_CREDIT.companyNotFound);
  });
});

describe('api/admin/getCreditAccount', () => {
  it('staff and admin read it; buyers and visitors may not', async () => {
    const payload = { companyId: buyer.companyId };
    expect((await call(server, 'adminGetCreditAccount', payload)).status).toBe(401);
    for (const token of [t.main, t.sub, t.other])
      expect((await call(server, 'adminGetCreditAccount', payload, { token })).status).toBe(403);
    for (const token of [t.staff, t.admin]) {
      const res = await call(server, 'adminGetCreditAccount', payload, { token });
      expect(res.status).toBe(200);
      expect(res.body.results!.account!.companyId).toBe(buyer.companyId);
    }
    const none = await call(server, 'adminGetCreditAccount', { companyId: other.companyId }, { token: t.staff });
    expect(none.body.results).toMatchObject({ account: null, summary: null, balance: 0, ledger: [], statements: [] });
  });
});

describe('api/getCreditSummary', () => {
  it('the main account reads its limit, use and aging; other roles are refused', async () => {
    await giveCredit(server, t.admin, buyer.companyId, { limit: 1_500_000, reason: '요약 시험' });
    expect((await call(server, 'getCreditSummary', {})).status).toBe(401);
    const main = await call(server, 'getCreditSummary', {}, { token: t.main });
    expect(main.status).toBe(200);
    expect(main.body.results).toEqual({
      status: 'active',
      statusLabel: '정상',
      limit: 1_500_000,
      allowExceed: false,
      used: 0,
      available: 1_500_000,
      termCode: 'EOM_NEXT_10',
      termLabel: '월말 마감 익월 10일',
      aging: { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 },
    });
    const sub = await call(server, 'getCreditSummary', {}, { token: t.sub });
    expect(sub.status).toBe(403);
    expect(sub.body.message).toBe(MSG_CREDIT.notForSubAccount);
    const otherCompany = await call(server, 'getCreditSummary', {}, { token: t.other });
    expect(otherCompany.status).toBe(404);
    expect(otherCompany.body.message).toBe(MSG_CREDIT.noAccount);
    expect((await call(server, 'getCreditSummary', {}, { token: t.staff })).status).toBe(403);
    expect((await call(server, 'getCreditSummary', {}, { token: t.admin })).status).toBe(403);
  });

  it('a sub-account reads it when the account allows sub-accounts', async () => {
    await giveCredit(server, t.admin, buyer.companyId, { allowSubAccounts: true, reason: '부계정 허용' });
    const sub = await call(server, 'getCreditSummary', {}, { token: t.sub });
    expect(sub.status).toBe(200);
    expect(sub.body.results!.limit).toBe(1_000_000);
  });

  it('a suspended account shows why', async () => {
    await giveCredit(server, t.admin, buyer.companyId, { status: 'suspended', reason: '거래 정지 결정' });
    const res = await call(server, 'getCreditSummary', {}, { token: t.main });
    expect(res.body.results).toMatchObject({
      status: 'suspended',
      statusLabel: '정지',
      holdReason: MSG_CREDIT.suspended,
    });
  });
});

describe('holds and terms', () => {
  it('staff put on hold by admin is lifted by staff with a reason (audited); lifting an active one is refused', async () => {
    await giveCredit(server, t.admin, buyer.companyId, { status: 'on_hold', reason: '담보 확인 중' });
    const held = await call(server, 'getCreditSummary', {}, { token: t.main });
    expect(held.body.results).toMatchObject({ status: 'on_hold', holdReason: '담당자 보류: 담보 확인 중' });

    const payload = { companyId: buyer.companyId, reason: '담보 확인 완료' };
    expect((await call(server, 'adminLiftCreditHold', payload)).status).toBe(401);
    for (const token of [t.main, t.sub, t.other])
      expect((await call(server, 'adminLiftCreditHold', payload, { token })).status).toBe(403);
    const lifted = await call(server, 'adminLiftCreditHold', payload, { token: t.staff });
    expect(lifted.body.code).toBe(201);
    expect(lifted.body.message).toBe(MSG_CREDIT.holdLifted);
    expect(lifted.body.results!.account).toMatchObject({ status: 'active' });
    expect(lifted.body.results!.account!.holdReason).toBeUndefined();
    expect(lifted.body.results!.audit[0]).toMatchObject({
      actorName: '상담원 김하늘',
      reason: '담보 확인 완료',
      before: { status: 'on_hold' },
      after: { status: 'active' },
    });
    const again = await call(server, 'adminLiftCreditHold', payload, { token: t.admin });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG_CREDIT.notOnHold);
    const none = await call(
      server,
      'adminLiftCreditHold',
      { companyId: other.companyId, reason: '없음 시험' },
      {
        token: t.staff,
      },
    );
    expect(none.status).toBe(404);
  });

  it('an admin adds a term that accounts may then use; staff may not; a bad day is refused', async () => {
    const term = { code: 'EOM_NEXT_25', label: '월말 마감 익월 25일', rule: 'next_month_day' as const, value: 25 };
    expect((await call(server, 'adminSavePaymentTerm', term)).status).toBe(401);
    expect((await call(server, 'adminSavePaymentTerm', term, { token: t.staff })).status).toBe(403);
    expect((await call(server, 'adminSavePaymentTerm', term, { token: t.main })).status).toBe(403);
    const bad = await call(server, 'adminSavePaymentTerm', { ...term, value: 40 }, { token: t.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG_CREDIT.termDayInvalid);
    const saved = await call(server, 'adminSavePaymentTerm', term, { token: t.admin });
    expect(saved.body.code).toBe(201);
    expect(saved.body.results!.find((x) => x.code === 'EOM_NEXT_25')).toEqual(term);
    const clash = await call(server, 'adminSavePaymentTerm', { ...term, value: 20 }, { token: t.admin });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe(MSG_CREDIT.termCodeTaken);
    const account = await giveCredit(server, t.admin, buyer.companyId, {
      termCode: 'EOM_NEXT_25',
      reason: '결제일 변경',
    });
    expect(account.account).toMatchObject({ termCode: 'EOM_NEXT_25', termLabel: '월말 마감 익월 25일' });
  });

  it('staff and admin read the terms in the order they were added (the seeded ones by code); buyers and visitors may not', async () => {
    expect((await call(server, 'adminPaymentTerms', {})).status).toBe(401);
    for (const token of [t.main, t.sub, t.other])
      expect((await call(server, 'adminPaymentTerms', {}, { token })).status).toBe(403);
    const added = { code: 'EOM_PLUS_45', label: '월말 마감 45일 후', rule: 'days_after_close' as const, value: 45 };
    await call(server, 'adminSavePaymentTerm', added, { token: t.admin });
    for (const token of [t.staff, t.admin]) {
      const res = await call(server, 'adminPaymentTerms', {}, { token });
      expect(res.status).toBe(200);
      const codes = res.body.results!.map((x) => x.code);
      expect(codes.slice(0, 3)).toEqual(['EOM_NEXT_10', 'EOM_NEXT_EOM', 'EOM_PLUS_30']);
      expect(codes.indexOf('EOM_PLUS_45')).toBe(codes.length - 1);
      expect(res.body.results!.at(-1)).toEqual(added);
    }
  });

  it('a relabel keeps the rule and value; two admins adding one new code at once make one term', async () => {
    const term = { code: 'EOM_NEXT_15', label: '익월 15일', rule: 'next_month_day' as const, value: 15 };
    const both = await Promise.all([
      call(server, 'adminSavePaymentTerm', term, { token: t.admin }),
      call(server, 'adminSavePaymentTerm', { ...term, label: '익월 보름' }, { token: t.admin }),
    ]);
    expect(both.map((r) => r.body.code)).toEqual([201, 201]);
    const listed = await call(server, 'adminPaymentTerms', {}, { token: t.staff });
    const rows = listed.body.results!.filter((x) => x.code === 'EOM_NEXT_15');
    expect(rows).toHaveLength(1);
    expect(['익월 15일', '익월 보름']).toContain(rows[0]!.label);
    const relabel = await call(
      server,
      'adminSavePaymentTerm',
      { ...term, label: '월말 마감 익월 15일' },
      { token: t.admin },
    );
    expect(relabel.body.code).toBe(201);
    expect(relabel.body.results!.find((x) => x.code === 'EOM_NEXT_15')).toEqual({
      ...term,
      label: '월말 마감 익월 15일',
    });
  });
});
