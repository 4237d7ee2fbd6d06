import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { creditStatementPdfStream, type CreditStatementPdfInput } from './index.js';
import { SAMPLE_CREDIT_STATEMENT } from './sample.js';

/**
 * The 입금 계좌 box of the 외상 명세서 (docs/requirements.md#monthly-close), read back with pdftotext
 * (spaces dropped: the narrow box wraps the words where its width falls).
 */
const statement = SAMPLE_CREDIT_STATEMENT;
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

  it('a statement paid in full shows no account, although one was issued for it', async () => {
    const t = await text({
      ...statement,
      paid: 30_000,
      statusLabel: '결제 완료',
      virtualAccount: { bank: '신한은행', accountNumber: '562-123456-789', holder: '한빛수입차부품' },
    });
    expect(t).toContain('입금계좌필요없음(미결제금액없음)');
    expect(t).not.toContain('562-123456-789');
  });
});

describe('외상 명세서 PDF: a statement that credits more than it bills', () => {
  const credited = {
    ...statement,
    charges: 40_000,
    credits: -320_000,
    amountDue: -280_000,
    paid: -200_000,
    refunded: 200_000,
    statusLabel: '결제 완료',
  };

  it('bills nothing and says where its credit went, never a negative amount in words', async () => {
    const t = await text(credited);
    expect(t).toContain('청구금액없음(반품·차감280,000원이청구보다많음)');
    expect(t).toContain('차감액캐시로환급200,000원·차감잔액80,000원은다음명세서에서차감');
    expect(t).not.toContain('영원정');
    expect(t).not.toContain('₩-');
  });

  it('is dated by its close, not by the download', async () => {
    expect(await text(credited)).toContain('2026.11.0100:10발행');
  });
});
