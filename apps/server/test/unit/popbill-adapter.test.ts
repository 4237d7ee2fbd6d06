import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popbillTaxInvoices } from '../../src/features/tax-invoices/popbill.js';
import { TaxInvoiceRefused, type TaxInvoiceDocument } from '../../src/features/tax-invoices/types.js';
import { popbillStandIn } from '../stand-ins.js';

/**
 * The Popbill adapter against the stand-in written from Popbill's SDK and API reference
 * (docs/requirements.md#tax-invoices): 수정세금계산서 fields, a document found under our key checked
 * before it is taken, a refused token asked for again, 99 lines at most, 지연발행, and the states read
 * back after issuing (국세청 전송, or its refusal).
 */
const SECRET = Buffer.from('popbill-adapter-secret').toString('base64');
let standIn: Awaited<ReturnType<typeof popbillStandIn>>;
let provider: ReturnType<typeof popbillTaxInvoices>;

beforeAll(async () => {
  standIn = await popbillStandIn('PARTSMALL', SECRET);
  provider = popbillTaxInvoices({
    linkId: 'PARTSMALL',
    secretKey: SECRET,
    corpNum: '2148812345',
    userId: '',
    test: true,
    ipRestrict: true,
    mgtKeyPrefix: 'PM1',
    authUrl: standIn.url,
    apiUrl: standIn.url,
    timeoutMs: 2_000,
    issueTimeoutMs: 2_000,
  });
});
afterAll(async () => {
  await standIn?.close();
});

const today = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');

function doc(mgtKey: string, over: Partial<TaxInvoiceDocument> = {}): TaxInvoiceDocument {
  return {
    mgtKey,
    writeDate: today(),
    supply: 20_000,
    tax: 2_000,
    total: 22_000,
    items: [{ name: '주문 #1 자동차 부품', supply: 20_000, tax: 2_000, total: 22_000, date: today() }],
    buyer: {
      corpNum: '1234567890',
      corpName: '가온상사',
      ceoName: '김가온',
      addr: '부산',
      bizType: '서비스',
      bizClass: '정비',
      email: 'tax@gaon.kr',
    },
    supplier: { corpName: '파츠몰', ceoName: '홍길동', addr: '서울', bizType: '도소매', bizClass: '자동차 부품' },
    ...over,
  };
}

describe('Popbill adapter', () => {
  it('a 반품 correction goes with modifyCode 3, the original 승인번호 and its 작성일자 in 비고', async () => {
    const original = await provider.issue(doc('O-A1', { writeDate: '20261102' }));
    expect(original.ntsConfirmNum).toMatch(/^2026\d{20}$/);
    await provider.issue(
      doc('O-A1-R1', {
        supply: -20_000,
        tax: -2_000,
        total: -22_000,
        correctionOf: 'O-A1',
        originalNtsConfirmNum: original.ntsConfirmNum!,
        originalWriteDate: '20261102',
        modifyCode: 3,
      }),
    );
    expect(standIn.docs.get('PM1O-A1-R1')!.sent).toMatchObject({
      invoicerMgtKey: 'PM1O-A1-R1',
      modifyCode: 3,
      orgNTSConfirmNum: original.ntsConfirmNum,
      remark1: '당초 작성일자 20261102',
      supplyCostTotal: '-20000',
    });
  });

  it('a document under our key with other totals or buyer is not taken for ours', async () => {
    await provider.issue(doc('O-B1'));
    await expect(provider.issue(doc('O-B1', { supply: 30_000, tax: 3_000, total: 33_000 }))).rejects.toThrow(
      TaxInvoiceRefused,
    );
    const other = doc('O-B1');
    other.buyer = { ...other.buyer, corpNum: '9999999999' };
    await expect(provider.issue(other)).rejects.toThrow('금액이나 공급받는자가 다른 세금계산서');
    // The same document again is taken, and nothing is issued twice.
    const before = standIn.calls.registIssue;
    expect(await provider.issue(doc('O-B1'))).toMatchObject({ sent: false });
    expect(standIn.calls.registIssue).toBe(before);
  });

  it('two tries of one invoice at once: one issues, the other finds it under the key; nothing twice, nothing failed', async () => {
    const [a, b] = await Promise.all([provider.issue(doc('O-F1')), provider.issue(doc('O-F1'))]);
    expect(a.ntsConfirmNum).toBe(b.ntsConfirmNum);
    expect([...standIn.docs.keys()].filter((k) => k === 'PM1O-F1')).toHaveLength(1);
  });

  it('no answer from Popbill: the reason staff read on the invoice is Korean', async () => {
    const slow = popbillTaxInvoices({
      linkId: 'PARTSMALL',
      secretKey: SECRET,
      corpNum: '2148812345',
      userId: '',
      test: true,
      ipRestrict: true,
      mgtKeyPrefix: 'PM1',
      authUrl: standIn.url,
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
      issueTimeoutMs: 2_000,
    });
    await expect(slow.issue(doc('O-G1'))).rejects.toThrow(/^팝빌 응답 없음 \(/);
  });

  it('a token Popbill no longer takes is dropped and a new one asked for', async () => {
    await provider.states!(['O-B1']);
    const tokens = standIn.calls.token;
    standIn.expireTokens();
    expect((await provider.states!(['O-B1'])).get('O-B1')).toMatchObject({ sent: false });
    expect(standIn.calls.token).toBe(tokens + 1);
  });

  it('150 orders go as 99 lines that add up to the totals', async () => {
    const items = Array.from({ length: 150 }, (_, i) => ({
      name: `주문 #${i + 1}`,
      supply: 1_000,
      tax: 100,
      total: 1_100,
      date: today(),
    }));
    await provider.issue(doc('M-C1', { items, supply: 150_000, tax: 15_000, total: 165_000 }));
    const lines = standIn.docs.get('PM1M-C1')!.sent.detailList as { supplyCost: string }[];
    expect(lines).toHaveLength(99);
    expect(lines.reduce((s, l) => s + Number(l.supplyCost), 0)).toBe(150_000);
  });

  it('an invoice past the 10th of the next month is issued as 지연발행 (forceIssue)', async () => {
    await provider.issue(doc('O-D1', { writeDate: '20260930' }));
    expect(standIn.docs.get('PM1O-D1')!.sent.forceIssue).toBe(true);
    await provider.issue(doc('O-D2'));
    expect(standIn.docs.get('PM1O-D2')!.sent.forceIssue).toBeUndefined();
  });

  it('states: 국세청 전송 (304) and its refusal (305) with the NTS code', async () => {
    await provider.issue(doc('O-E1'));
    await provider.issue(doc('O-E2'));
    standIn.transmit('PM1O-E1');
    standIn.transmit('PM1O-E2', 'ERR002');
    const states = await provider.states!(['O-E1', 'O-E2', 'O-unknown']);
    expect(states.get('O-E1')).toMatchObject({ sent: true });
    expect(states.get('O-E2')).toMatchObject({ sent: false, rejected: '국세청 전송 실패 (ERR002)' });
    expect(states.has('O-unknown')).toBe(false);
  });
});
