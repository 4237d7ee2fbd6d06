import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { creditStatementPdfStream, type CreditStatementPdfInput } from './index.js';
import { SAMPLE_BUYER, SAMPLE_SUPPLIER } from './sample.js';

/**
 * The 입금 계좌 box of the 외상 명세서 (docs/requirements.md#monthly-close), read back with pdftotext
 * (spaces dropped: the narrow box wraps the words where its width falls).
 */
const statement: CreditStatementPdfInput = {
  supplier: SAMPLE_SUPPLIER,
  buyer: SAMPLE_BUYER,
  title: '2026년 10월 명세서',
  month: '2026-10',
  opening: 0,
  charges: 30_000,
  credits: 0,
  payments: 0,
  adjustments: 0,
  closing: 30_000,
  amountDue: 30_000,
  paid: 0,
  dueDate: '2026-11-10',
  termLabel: '월말 마감 익월 10일',
  statusLabel: '미결제',
  virtualAccount: null,
  lines: [{ date: '2026-10-14', kindLabel: '출고', orderSeq: 12, description: '주문 #12 출고', amount: 30_000 }],
  issuedAt: new Date('2026-11-01T00:10:00+09:00'),
};
const text = async (input: CreditStatementPdfInput) =>
  pdfText(await buffer(await creditStatementPdfStream(input))).replace(/\s+/g, '');

describe('외상 명세서 PDF: 입금 계좌', () => {
  it('before the account is issued says it is being issued and how the buyer will hear, not a bare dash', async () => {
    const t = await text(statement);
    expect(t).toContain('입금계좌입금계좌발급중(발급되면알림톡으로알려드립니다)');
  });

  it('shows the issued account and its holder', async () => {
    const t = await text({
      ...statement,
      virtualAccount: { bank: '신한은행', accountNumber: '562-123456-789', holder: '한빛수입차부품' },
    });
    expect(t).toContain('입금계좌신한은행562-123456-789예금주한빛수입차부품');
    expect(t).not.toContain('발급중');
  });

  it('a statement with nothing unpaid needs no account', async () => {
    const t = await text({ ...statement, paid: 30_000, statusLabel: '결제 완료' });
    expect(t).toContain('입금계좌필요없음(미결제금액없음)');
    expect(t).not.toContain('발급중');
  });
});
