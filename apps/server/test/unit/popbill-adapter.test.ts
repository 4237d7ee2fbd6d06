import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopbillConfig } from '../../src/config.js';
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

/** The adapter's settings against the stand-in (installation prefix PM1), with what a test changes. */
const settings = (over: Partial<PopbillConfig> = {}): PopbillConfig => ({
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
  ...over,
});

beforeAll(async () => {
  standIn = await popbillStandIn('PARTSMALL', SECRET);
  provider = popbillTaxInvoices(settings());
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
    purpose: '영수',
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
    // The same 공급가액 with another 세액 is another document too.
    await expect(provider.issue(doc('O-B1', { tax: 2_001, total: 22_001 }))).rejects.toThrow(TaxInvoiceRefused);
    const other = doc('O-B1');
    other.buyer = { ...other.buyer, corpNum: '9999999999' };
    await expect(provider.issue(other)).rejects.toThrow('금액이나 공급받는자가 다른 세금계산서');
    // The same document again is taken, and nothing is issued twice.
    const before = standIn.calls.registIssue;
    expect(await provider.issue(doc('O-B1'))).toMatchObject({ sent: false });
    expect(standIn.calls.registIssue).toBe(before);
  });

  it('a key Popbill holds cancelled (600), not yet issued (임시저장) or refused (거부) is refused, and nothing is issued over it', async () => {
    for (const [key, stateCode, message] of [
      ['O-K1', 600, '팝빌에서 발행취소된 문서번호입니다 (PM1O-K1).'],
      ['O-K2', 100, '팝빌의 같은 문서번호 문서가 발행 상태가 아닙니다 (상태 100).'],
      ['O-K3', 400, '팝빌의 같은 문서번호 문서가 발행 상태가 아닙니다 (상태 400).'],
    ] as const) {
      await provider.issue(doc(key));
      standIn.docs.get(`PM1${key}`)!.stateCode = stateCode;
      const before = standIn.calls.registIssue;
      await expect(provider.issue(doc(key))).rejects.toThrow(new TaxInvoiceRefused(message));
      expect(standIn.calls.registIssue).toBe(before);
    }
  });

  it('refusals that a retry cannot mend are final; Popbill unable to read is tried again later', async () => {
    // A key longer than Popbill's 24 characters: refused before any call.
    const calls = { ...standIn.calls };
    await expect(provider.issue(doc('O-123456789012345678901'))).rejects.toThrow(
      new TaxInvoiceRefused('팝빌 문서번호가 24자를 넘습니다 (PM1O-123456789012345678901).'),
    );
    expect(standIn.calls).toEqual(calls);
    // A document Popbill refuses (환입 with a positive amount): final, not retried.
    const original = await provider.issue(doc('O-R1'));
    await expect(
      provider.issue(
        doc('O-R1-R1', {
          correctionOf: 'O-R1',
          modifyCode: 3,
          originalNtsConfirmNum: original.ntsConfirmNum!,
          originalWriteDate: today(),
        }),
      ),
    ).rejects.toThrow(TaxInvoiceRefused);
    // getInfo failing (500): an error the job retries, and nothing issued meanwhile.
    standIn.failNextInfos(1);
    const issues = standIn.calls.registIssue;
    const failed = await provider.issue(doc('O-R2')).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(TaxInvoiceRefused);
    expect((failed as Error).message).toBe('팝빌 오류 [-99999999] 일시적인 오류');
    expect(standIn.calls.registIssue).toBe(issues);
    expect(standIn.docs.has('PM1O-R2')).toBe(false);
  });

  it('states of 1,001 keys: two getInfos calls (1,000 at most each), every key answered', async () => {
    const keys = Array.from({ length: 1_001 }, (_, i) => `O-N${i}`);
    for (const k of keys)
      standIn.docs.set(`PM1${k}`, {
        ...standIn.docs.get('PM1O-B1')!,
        invoicerMgtKey: `PM1${k}`,
        itemKey: `item-${k}`,
      });
    try {
      const before = standIn.calls.getInfos;
      const states = await provider.states!(keys);
      expect(standIn.calls.getInfos).toBe(before + 2);
      expect(states.size).toBe(1_001);
      expect(states.has('O-N1000')).toBe(true);
    } finally {
      for (const k of keys) standIn.docs.delete(`PM1${k}`);
    }
  });

  it('two tries of one invoice at once: one issues, the other finds it under the key; nothing twice, nothing failed', async () => {
    const [a, b] = await Promise.all([provider.issue(doc('O-F1')), provider.issue(doc('O-F1'))]);
    expect(a.ntsConfirmNum).toBe(b.ntsConfirmNum);
    expect([...standIn.docs.keys()].filter((k) => k === 'PM1O-F1')).toHaveLength(1);
  });

  it('no answer from Popbill: the reason staff read on the invoice is Korean', async () => {
    const slow = popbillTaxInvoices(settings({ apiUrl: 'http://127.0.0.1:9' }));
    await expect(slow.issue(doc('O-G1'))).rejects.toThrow(/^팝빌 응답 없음 \(/);
  });

  it('a token Popbill no longer takes is dropped and a new one asked for', async () => {
    await provider.states!(['O-B1']);
    const tokens = standIn.calls.token;
    standIn.expireTokens();
    expect((await provider.states!(['O-B1'])).get('O-B1')).toMatchObject({ sent: false });
    expect(standIn.calls.token).toBe(tokens + 1);
  });

  it('a token refused on the issuing call (401): asked for again at once, then left to the job retry, never a refusal', async () => {
    await provider.states!(['O-B1']);
    // Refused once: a new token at once, and the document is issued.
    let tokens = standIn.calls.token;
    standIn.refuseIssueTokens(1);
    expect((await provider.issue(doc('O-TOK1'))).ntsConfirmNum).toMatch(/^2026\d{20}$/);
    expect(standIn.calls.token).toBe(tokens + 1);
    // Refused with the new token too: an error the job retries, not a refusal of the document.
    tokens = standIn.calls.token;
    standIn.refuseIssueTokens(2);
    const failed = await provider.issue(doc('O-TOK2')).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(TaxInvoiceRefused);
    expect((failed as Error).message).toBe('팝빌 오류 [-10000033] 토큰 해석에 실패했습니다.');
    expect(standIn.calls.token).toBe(tokens + 1);
    expect(standIn.docs.has('PM1O-TOK2')).toBe(false);
    // The job's retry asks for a token of its own and issues the document, once.
    const retried = await provider.issue(doc('O-TOK2'));
    expect(retried.ntsConfirmNum).toBe(standIn.docs.get('PM1O-TOK2')!.ntsconfirmNum);
    expect(standIn.calls.token).toBe(tokens + 2);
    expect([...standIn.docs.keys()].filter((k) => k === 'PM1O-TOK2')).toHaveLength(1);
  });

  it('a token is asked for with the 전자세금계산서 scope, kept while it lives, and asked again in its last minute', async () => {
    const acting = settings({ userId: 'partsmall_tax' });
    try {
      // An hour's token: one request serves both calls.
      standIn.setTokenLifetime(3_600_000);
      const lasting = popbillTaxInvoices(acting);
      const before = standIn.calls.token;
      await lasting.states!(['O-T1']);
      await lasting.issue(doc('O-T1'));
      expect(standIn.calls.token).toBe(before + 1);
      // Linkhub's SDK asks TaxinvoiceService's scopes: 'member' and '110'.
      expect(JSON.parse(standIn.tokenRequests.at(-1)!.body)).toEqual({
        access_id: '2148812345',
        scope: ['member', '110'],
      });
      // The 팝빌 회원 아이디 acting rides on the calls.
      expect(standIn.docs.get('PM1O-T1')!.userId).toBe('partsmall_tax');
      // A token that ends within a minute is not used: each call asks anew.
      standIn.setTokenLifetime(30_000);
      const brief = popbillTaxInvoices(acting);
      const again = standIn.calls.token;
      await brief.states!(['O-T1']);
      await brief.states!(['O-T1']);
      expect(standIn.calls.token).toBe(again + 2);
    } finally {
      standIn.setTokenLifetime(3_600_000);
    }
  });

  it('150 orders go as 99 lines that add up to the totals', async () => {
    const items = Array.from({ length: 150 }, (_, i) => ({
      name: `주문 #${i + 1}`,
      supply: 1_000,
      tax: 100,
      total: 1_100,
      date: `202611${String(1 + (i % 28)).padStart(2, '0')}`,
    }));
    await provider.issue(doc('M-C1', { items, supply: 150_000, tax: 15_000, total: 165_000 }));
    const lines = standIn.docs.get('PM1M-C1')!.sent.detailList as {
      serialNum: number;
      purchaseDT: string;
      itemName: string;
      supplyCost: string;
      tax: string;
    }[];
    expect(lines).toHaveLength(99);
    expect(lines.map((l) => l.serialNum)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    expect(lines.reduce((s, l) => s + Number(l.supplyCost), 0)).toBe(150_000);
    expect(lines.reduce((s, l) => s + Number(l.tax), 0)).toBe(15_000);
    // The 99th stands for orders 99-150: named so, dated as the first of them.
    expect(lines[98]).toMatchObject({ itemName: '그 밖의 주문 52건', purchaseDT: '20261115', supplyCost: '52000' });
    expect(lines[97]).toMatchObject({ itemName: '주문 #98', purchaseDT: '20261114' });
  });

  it('a document says who it is for and how it is paid: 영수 for what was paid, 청구 for what is billed', async () => {
    await provider.issue(doc('O-P1'));
    await provider.issue(doc('S-P2', { purpose: '청구' }));
    expect(standIn.docs.get('PM1O-P1')!.sent).toMatchObject({
      purposeType: '영수',
      chargeDirection: '정과금',
      issueType: '정발행',
      taxType: '과세',
      invoiceeType: '사업자',
      invoicerCorpNum: '2148812345',
      invoiceeCorpNum: '1234567890',
      invoiceeEmail1: 'tax@gaon.kr',
      supplyCostTotal: '20000',
      taxTotal: '2000',
      totalAmount: '22000',
    });
    expect(standIn.docs.get('PM1S-P2')!.sent.purposeType).toBe('청구');
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
