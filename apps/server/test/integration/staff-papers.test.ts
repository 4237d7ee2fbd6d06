import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, orderLines, orders } from '../../src/db/schema.js';
import { parseCsv } from '../../src/shared/csv.js';
import { missingInvoiceFields } from '../../src/features/tax-invoices/issue.js';
import { DEMO_COMPANY, seedDemo } from '../../src/seed/demo.js';
import { call, type TestServer } from '../helpers.js';
import { makeCompany, withStaffServer } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';

/**
 * What staff and the demo read: the back-office order CSV in Asia/Seoul time
 * (docs/requirements.md#money), and a demo company that has what a tax invoice needs
 * (docs/requirements.md#tax-invoices), so shipped demo orders do not show a failed invoice.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

describe('back-office order CSV', () => {
  it('writes the order time in Asia/Seoul, not UTC', async () => {
    const co = await makeCompany(server, '서울시각', 0);
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    // 2026-03-01 15:30 UTC is 2026-03-02 00:30 in Seoul: another day.
    const seq = await insertOrder(server, {
      companyId: co.companyId,
      memberId: co.main.seq,
      status: 0,
      productId: p.id,
      createdAt: new Date('2026-03-01T15:30:00Z'),
    });
    const res = await call<{ csv: string; rows: number }>(
      server,
      'POST',
      'api/admin/orderExport',
      { company: '서울시각상사' },
      staff,
    );
    expect(res.body.results?.rows).toBe(1);
    const [header, line] = res.body.results!.csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.split(',').slice(0, 2)).toEqual(['주문번호', '주문일시']);
    expect(line!.split(',').slice(0, 2)).toEqual([String(seq), '2026.03.02 00:30']);
  });
});

describe('back-office order CSV columns', () => {
  it('writes every column: each line with its quantity, how it goes, the whole address, carrier, waybill and job references', async () => {
    const co = await makeCompany(server, '열전부', 0);
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    const seq = await insertOrder(server, {
      companyId: co.companyId,
      memberId: co.main.seq,
      status: 2,
      productId: p.id,
      qty: 2,
      totalAmount: 30_000,
      shipping: 6000,
      createdAt: new Date('2026-04-01T02:15:00Z'),
      shippedAt: new Date('2026-04-02T01:00:00Z'),
    });
    await server.db.insert(orderLines).values({
      orderId: seq,
      productId: p.id,
      name: '둘째 부품',
      pid: 'LR-190583',
      qty: 3,
      price: 4000,
      jobRef: '12가3456',
    });
    await server.db
      .update(orders)
      .set({ carrier: 'CJ대한통운', waybill: '6543210987', jobRef: 'RO-2026-118' })
      .where(eq(orders.id, seq));
    const res = await call<{ csv: string; rows: number }>(
      server,
      'POST',
      'api/admin/orderExport',
      { company: '열전부상사' },
      staff,
    );
    expect(parseCsv(res.body.results!.csv)).toEqual([
      [
        '주문번호',
        '주문일시',
        '업체',
        '주문자',
        '상태',
        '창고',
        '품목',
        '상품금액',
        '배송비',
        '배송 방법',
        '받는 분',
        '연락처',
        '주소',
        '수령 장소',
        '택배사',
        '송장번호',
        '작업번호/차량번호',
      ],
      [
        String(seq),
        '2026.04.01 11:15',
        '열전부상사',
        co.main.name,
        '출고완료',
        '한국 김포물류센터',
        'TST x2 / LR-190583 x3',
        '30000',
        '6000',
        '택배 · 선불',
        '김수령',
        '010-5555-0000',
        '서울 성동구 성수이로 77 3층',
        '',
        'CJ대한통운',
        '654-321-0987',
        'RO-2026-118 / 12가3456',
      ],
    ]);
  });
});

describe('demo seed', () => {
  it('gives the demo company 업태, 종목 and an invoice e-mail, also on a database seeded without them', async () => {
    const demo = async () =>
      (await server.db.select().from(companies).where(eq(companies.license, DEMO_COMPANY.license)))[0]!;
    const seeded = await demo();
    expect([seeded.bizType, seeded.bizItem, seeded.invoiceMail]).toEqual([
      '도매 및 소매업',
      '자동차 부품',
      'tax@hanbitparts.kr',
    ]);
    expect(missingInvoiceFields(seeded)).toBe('');

    // An older demo database: the fields are empty; seeding again fills them, and keeps what staff set.
    await server.db
      .update(companies)
      .set({ bizType: '', bizItem: '', invoiceMail: 'billing@hanbit.kr' })
      .where(eq(companies.id, seeded.id));
    await seedDemo(server.db);
    const again = await demo();
    expect([again.bizType, again.bizItem, again.invoiceMail]).toEqual([
      '도매 및 소매업',
      '자동차 부품',
      'billing@hanbit.kr',
    ]);
  });
});
