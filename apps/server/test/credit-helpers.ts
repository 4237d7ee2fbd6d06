import { eq } from 'drizzle-orm';
import type { SetCreditAccountRequest } from '@partsmall/contract';
import { members } from '../src/db/schema.js';
import { createSession } from '../src/features/auth/sessions.js';
import { call, type TestServer } from './helpers.js';
import { makeBuyers, type BuyerTokens } from './order-helpers.js';
import type { TestCompany } from './member-helpers.js';

/** Fixtures of the credit tests (docs/requirements.md#credit): buyers with sessions, an admin session, an account. */

export interface CreditTokens extends BuyerTokens {
  admin: string;
}

/** A buyer company (main + one sub-account), another company, and sessions for each role. */
export async function creditBuyers(
  server: TestServer,
  label: string,
): Promise<{ buyer: TestCompany; other: TestCompany; tokens: CreditTokens }> {
  const { buyer, other, tokens } = await makeBuyers(server, { buyer: label, other: `${label}이웃` });
  const [admin] = await server.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.loginId, 'admin@partsmall.kr'));
  return { buyer, other, tokens: { ...tokens, admin: (await createSession(server.db, admin!.id)).token } };
}

/** Gives a company a credit account through the admin call (expects it to succeed). */
export async function giveCredit(
  server: TestServer,
  adminToken: string,
  companyId: number,
  fields: Partial<SetCreditAccountRequest> = {},
) {
  const res = await call(
    server,
    'adminSetCreditAccount',
    {
      companyId,
      status: 'active',
      limit: 1_000_000,
      allowExceed: false,
      termCode: 'EOM_NEXT_10',
      graceDays: 0,
      overdueThreshold: 0,
      allowSubAccounts: false,
      reason: '시험 외상 승인',
      ...fields,
    },
    { token: adminToken },
  );
  if (res.body.code !== 201) throw new Error(`giveCredit: ${res.status} ${res.body.message}`);
  return res.body.results!;
}
