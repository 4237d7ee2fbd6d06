import { randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { MEMBER_TYPE_MAIN, MEMBER_TYPE_SUB } from '@partsmall/contract';
import { queryRows } from '../src/db/client.js';
import { companies, members } from '../src/db/schema.js';
import { hashPassword } from '../src/features/auth/passwords.js';
import { createSession } from '../src/features/auth/sessions.js';
import { withCheckDigit } from '../src/seed/demo.js';
import { cheapPasswordHash } from './cheap-passwords.js';
import { call, loginAs, startTestServer, type TestServer } from './helpers.js';

/** Helpers of the member-area and payment tests: throwaway companies and the ledger invariant. */

export const randomPhone = () => `010${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
export const randomLicense = () => withCheckDigit(String(randomInt(100_000_000, 1_000_000_000)));

export interface TestAccount {
  seq: number;
  id: string;
  pw: string;
  name: string;
  phone: string;
}

export interface TestCompany {
  companyId: number;
  license: string;
  main: TestAccount;
  subs: TestAccount[];
}

/** The fields a company's 세금계산서 needs (and a default 본사 address), as 가온's in the browser tests. */
export async function giveInvoiceFields(server: TestServer, companyId: number): Promise<void> {
  await server.db
    .update(companies)
    .set({
      ceo: '김가온',
      phone: '0215447000',
      postMain: '48058',
      addrMain: '부산 해운대구 센텀중앙로 97',
      bizType: '도소매',
      bizItem: '자동차 부품',
      invoiceMail: 'tax@gaon.kr',
    })
    .where(eq(companies.id, companyId));
}

/**
 * A company of its own with a main account and `subs` sub-accounts (password 'pass1234'), hashed
 * at the shop's cost, or at the test-only cheap cost (test/cheap-passwords.ts) when asked.
 */
export async function makeCompany(
  server: TestServer,
  label: string,
  subs = 1,
  opts: { cheapPasswords?: boolean } = {},
): Promise<TestCompany> {
  const license = randomLicense();
  const [company] = await server.db
    .insert(companies)
    .values({ name: `${label}상사`, license, area: '서울 중구', securityNum: '135790' })
    .returning({ id: companies.id });
  const passwordHash = opts.cheapPasswords ? cheapPasswordHash('pass1234') : await hashPassword('pass1234');
  const tag = randomBytes(4).toString('hex');
  const accounts: TestAccount[] = [];
  for (let i = 0; i <= subs; i++) {
    const account = {
      // A login id is printable ASCII (docs/requirements.md#validation): the label's Hangul is left out.
      id: `${label.replace(/[^A-Za-z0-9]/g, '') || 'co'}-${i}-${tag}@test.kr`.toLowerCase(),
      pw: 'pass1234',
      name: i === 0 ? `${label}대표` : `${label}직원${i}`,
      phone: randomPhone(),
    };
    const [row] = await server.db
      .insert(members)
      .values({
        loginId: account.id,
        passwordHash,
        name: account.name,
        phone: account.phone,
        mail: account.id,
        type: i === 0 ? MEMBER_TYPE_MAIN : MEMBER_TYPE_SUB,
        companyId: company!.id,
      })
      .returning({ id: members.id });
    accounts.push({ ...account, seq: row!.id });
  }
  return { companyId: company!.id, license, main: accounts[0]!, subs: accounts.slice(1) };
}

/** For every company (docs/requirements.md#wallet), the ledger sums to the balance. */
export async function expectLedgerMatchesBalances(server: TestServer): Promise<void> {
  const rows = await queryRows<{ id: number; point: string; ledger: string }>(
    server.db,
    sql`select c.id, c.point::text as point, coalesce((select sum(amount) from cash_ledger l where l.company_id = c.id), 0)::text as ledger from companies c order by c.id`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(`${r.id}:${r.ledger}`).toBe(`${r.id}:${r.point}`);
}

/**
 * The account withdraws through api/WithdrawMember as its owner would (the four agreements, its name);
 * a main account takes its company along (docs/requirements.md#retention). Answers the call's answer.
 */
export async function withdrawAccount(server: TestServer, account: { id: string; pw: string; name: string }) {
  const token = await loginAs(server, account.id, account.pw);
  const agreed = { agree1: true, agree2: true, agree3: true, agree4: true };
  return call(server, 'POST', 'api/WithdrawMember', { ...agreed, userName: account.name }, token);
}

/** A company's current security number, and a wrong one (for guessing tests). */
export async function securityNumbersOf(
  server: TestServer,
  license: string,
): Promise<{ right: string; wrong: string }> {
  const [row] = await server.db
    .select({ s: companies.securityNum })
    .from(companies)
    .where(eq(companies.license, license));
  const right = row!.s;
  return { right, wrong: right === '000000' ? '000001' : '000000' };
}

/** The seeded staff member (staff@partsmall.kr): their member number and a session of theirs. */
export async function staffSession(server: TestServer): Promise<{ id: number; token: string }> {
  const [row] = await server.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.loginId, 'staff@partsmall.kr'));
  return { id: row!.id, token: (await createSession(server.db, row!.id)).token };
}

/**
 * Registers the file's hooks: a test server before the tests, with the seeded staff member's token
 * (staff@partsmall.kr), handed to `ready`; closed after them.
 */
export function withStaffServer(ready: (server: TestServer, staffToken: string) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    ready(server, await loginAs(server, 'staff@partsmall.kr', 'staff1234'));
  });
  afterAll(async () => {
    await server?.close();
  });
}
