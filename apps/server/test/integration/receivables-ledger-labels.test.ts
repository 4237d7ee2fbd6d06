import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits, statements } from '../../src/db/schema.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { closeMonth } from '../../src/features/credit/index.js';
import { statementPdfInput } from '../../src/features/credit/statements.js';
import { settleStatementCredits } from '../../src/features/credit/payments.js';
import { reverseDeposit } from '../../src/features/deposits/apply.js';
import { recordDeposit, type NewDeposit } from '../../src/features/deposits/index.js';
import { credit } from '../../src/features/wallet/index.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, staffSession } from '../member-helpers.js';
import { seoulToday } from '../order-helpers.js';
import { closeOfMonthBeforeRun, expectStatementsMatchLedger, giveCredit, makeStatement } from '../deposit-helpers.js';

/**
 * The receivables ledger on the back office's company page names how each payment came
 * (docs/requirements.md#credit-deposits): a bank transfer, the statement's virtual account, a card,
 * the company's cash, or a credit note's amount, and each take-back as the undoing of its own kind.
 */
let server: TestServer;
let staffToken: string;

beforeAll(async () => {
  server = await startTestServer();
  await closeOfMonthBeforeRun(server);
  staffToken = (await staffSession(server)).token;
}, 60_000);
afterAll(() => server?.close());

const at = new Date('2026-06-20T01:00:00Z');

function deposit(companyId: number, d: Pick<NewDeposit, 'source' | 'sourceKey' | 'amount' | 'ownStatementId'>) {
  return server.db.transaction((tx) =>
    recordDeposit(tx, { ...d, companyId, depositorName: '라벨상사', depositedAt: at }, null, at),
  );
}

describe('the receivables ledger names how each payment came', () => {
  it('a transfer, a virtual account, a card, the cash and a credit note each have their own label', async () => {
    const company = await makeCompany(server, '라벨', 0);
    const id = company.companyId;
    await giveCredit(server, id);
    const jan = await makeStatement(server, id, '2026-01', 11_000, '2026-02-10');
    const feb = await makeStatement(server, id, '2026-02', 13_000, '2026-03-10');
    const mar = await makeStatement(server, id, '2026-03', 17_000, '2026-04-10');
    const apr = await makeStatement(server, id, '2026-04', 19_000, '2026-05-10');
    // May billed less than nothing (a return after April's close): its 5,000 pays June.
    const may = await makeStatement(server, id, '2026-05', -5_000, '2026-06-10');
    // As the close leaves a statement that bills nothing: paid.
    await server.db.update(statements).set({ status: 'paid' }).where(eq(statements.id, may));
    const jun = await makeStatement(server, id, '2026-06', 23_000, '2026-07-10');

    // Staff record a bank transfer of exactly January's amount: the ladder places it there.
    const transfer = await deposit(id, { source: 'staff', sourceKey: `staff:label:${id}`, amount: 11_000 });
    await deposit(id, {
      source: 'virtual_account',
      sourceKey: `toss:label:${id}`,
      amount: 13_000,
      ownStatementId: feb,
    });
    await deposit(id, { source: 'card', sourceKey: `card:label:${id}`, amount: 17_000, ownStatementId: mar });
    await server.db.transaction((tx) =>
      credit(tx, { companyId: id, amount: 19_000, type: 'point', memberId: null, note: '시험 충전' }),
    );
    const buyer = (await createSession(server.db, company.main.seq)).token;
    expect((await call(server, 'payStatement', { seq: apr, method: 'cash' }, { token: buyer })).status).toBe(200);
    await server.db.transaction((tx) => settleStatementCredits(tx, id, at));
    // The bank takes the transfer back: January is owed again.
    await server.db.transaction(async (tx) => {
      const [row] = await tx.select().from(deposits).where(eq(deposits.id, transfer.deposit.id));
      await reverseDeposit(tx, row!, at);
    });

    const page = await call(server, 'adminGetCreditAccount', { companyId: id }, { token: staffToken });
    const payments = page.body
      .results!.ledger.filter((r) => r.kind === 'payment' || r.kind === 'payment_reversal')
      .map((r) => [r.kindLabel, r.statementSeq, r.amount]);
    // Newest first.
    expect(payments).toEqual([
      ['입금 취소', jan, 11_000],
      ['차감액 사용', may, 5_000],
      ['차감액으로 결제', jun, -5_000],
      ['캐시 결제', apr, -19_000],
      ['카드 결제', mar, -17_000],
      ['가상계좌 입금', feb, -13_000],
      ['입금', jan, -11_000],
    ]);
    // The statements' own rows keep their label.
    expect(page.body.results!.ledger.filter((r) => r.kind === 'adjustment').map((r) => r.kindLabel)).toEqual(
      Array(6).fill('관리자 조정'),
    );
    await expectStatementsMatchLedger(server);

    // The running month's statement bills these rows (written now): its lines name each payment as
    // the ledger does.
    const month = seoulToday().slice(0, 7);
    const preview = await call(server, 'adminPreviewStatement', { companyId: id, month }, { token: staffToken });
    expect(preview.status, preview.body.message).toBe(200);
    const named = [
      ['입금', -11_000],
      ['가상계좌 입금', -13_000],
      ['카드 결제', -17_000],
      ['캐시 결제', -19_000],
      ['차감액으로 결제', -5_000],
      ['차감액 사용', 5_000],
      ['입금 취소', 11_000],
    ];
    expect(
      preview.body
        .results!.lines.filter((l) => l.kind === 'payment' || l.kind === 'payment_reversal')
        .map((l) => [l.kindLabel, l.amount]),
    ).toEqual(named);
    // Closed, the statement's PDF names them the same.
    const closed = await closeMonth(server.db, { month, companyId: id, allowOpenMonth: true });
    const pdf = await statementPdfInput(server.db, closed.statements[0]!.seq, id);
    const paymentLabels = new Set(named.map(([label]) => label));
    expect(pdf.lines.filter((l) => paymentLabels.has(l.kindLabel)).map((l) => [l.kindLabel, l.amount])).toEqual(named);
  });
});
