import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, members, taxInvoices } from '../../src/db/schema.js';
import type { AuthContext } from '../../src/features/auth/sessions.js';
import { buildBaseInfo } from '../../src/features/trade/base-info.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';

/**
 * What the paperwork screens read besides the calls they share (docs/requirements.md#paperwork-screens):
 * the back office's invoice list by period (작성일자) and the company detail's invoice fields.
 */
let server: TestServer;
let staff: string;
let nuri: TestCompany;
let dasol: TestCompany;

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  nuri = await makeCompany(server, '누리', 0);
  dasol = await makeCompany(server, '다솔', 0);
  await server.db
    .update(companies)
    .set({ bizType: '도소매', bizItem: '자동차 부품', invoiceMail: 'tax@nuri.kr', invoiceMode: 'monthly' })
    .where(eq(companies.id, nuri.companyId));
  const row = (companyId: number, key: string, writeDate: string, status: string, total: number) => ({
    companyId,
    kind: 'monthly',
    mgtKey: `pw-${companyId}-${key}`,
    month: `${writeDate.slice(0, 4)}-${writeDate.slice(4, 6)}`,
    status,
    writeDate,
    supply: Math.round(total / 1.1),
    tax: total - Math.round(total / 1.1),
    total,
  });
  await server.db
    .insert(taxInvoices)
    .values([
      row(nuri.companyId, 'sep', '20250930', 'sent', 33_000),
      row(nuri.companyId, 'oct', '20251031', 'failed', 44_000),
      row(nuri.companyId, 'nov', '20251101', 'pending', 55_000),
      row(dasol.companyId, 'oct', '20251015', 'issued', 66_000),
    ]);
});
afterAll(async () => {
  await server?.close();
});

describe('back office invoice list by period', () => {
  const totals = async (body: Record<string, unknown>) => {
    const res = await call(server, 'adminTaxInvoiceList', { page: 1, size: 30, ...body } as never, { token: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.results as { total: number; companyId: number }[])
      .filter((r) => r.companyId === nuri.companyId || r.companyId === dasol.companyId)
      .map((r) => r.total);
  };

  it('takes the 작성일자 of both ends and nothing outside, with the company and status filters', async () => {
    expect(await totals({})).toEqual([66_000, 55_000, 44_000, 33_000]);
    expect(await totals({ startDate: '2025-10-01', endDate: '2025-10-31' })).toEqual([66_000, 44_000]);
    expect(await totals({ startDate: '2025-09-30', endDate: '2025-11-01' })).toEqual([66_000, 55_000, 44_000, 33_000]);
    expect(await totals({ startDate: '2025-10-01', endDate: '2025-10-31', companyId: nuri.companyId })).toEqual([
      44_000,
    ]);
    expect(await totals({ status: 'pending', companyId: nuri.companyId })).toEqual([55_000]);
  });

  it('refuses one date alone, a reversed period and one over a year with a Korean message', async () => {
    for (const [body, message] of [
      [{ startDate: '2025-10-01' }, '날짜구간을 지정하세요.'],
      [{ startDate: '2025-10-31', endDate: '2025-10-01' }, '시작일이 종료일보다 늦습니다.'],
      [{ startDate: '2024-01-01', endDate: '2025-10-31' }, '조회 기간은 1년 이내로 지정하세요.'],
      [{ startDate: '2025-13-01', endDate: '2025-10-31' }, ''],
    ] as const) {
      const res = await call(server, 'adminTaxInvoiceList', { page: 1, size: 30, ...body } as never, { token: staff });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[가-힣]/);
      if (message) expect(res.body.message).toContain(message.slice(0, 8));
    }
  });
});

describe('company detail', () => {
  it("carries the company's invoice fields for the back office form", async () => {
    const res = await call(server, 'adminCompanyDetail', { companyId: nuri.companyId }, { token: staff });
    expect(res.status).toBe(200);
    const c = res.body.results!.company;
    expect([c.bizType, c.bizItem, c.invoiceMail, c.invoiceMode]).toEqual([
      '도소매',
      '자동차 부품',
      'tax@nuri.kr',
      'monthly',
    ]);
    const bare = await call(server, 'adminCompanyDetail', { companyId: dasol.companyId }, { token: staff });
    const d = bare.body.results!.company;
    expect([d.bizType, d.bizItem, d.invoiceMail, d.invoiceMode]).toEqual(['', '', '', 'order']);
  });
});

describe('client base info', () => {
  it("carries the company's invoice fields, so the member area's company form keeps them after a push", async () => {
    const [member] = await server.db.select().from(members).where(eq(members.id, nuri.main.seq));
    const { phoneRecovers: _, ...session } = member!;
    const info = await buildBaseInfo(server.db, { member: session } as AuthContext);
    const c = info.userInfo.companyInfo!;
    expect([c.bizType, c.bizItem, c.invoiceMail, c.invoiceMode]).toEqual([
      '도소매',
      '자동차 부품',
      'tax@nuri.kr',
      'monthly',
    ]);
  });
});
