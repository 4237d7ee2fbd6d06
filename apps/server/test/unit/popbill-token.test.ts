import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkhubTokenRequest, popbillTaxInvoices } from '../../src/features/tax-invoices/popbill.js';
import { popbillStandIn } from '../stand-ins.js';

/**
 * Linkhub's token request (docs/operations.md#providers): Linkhub's own SDK (the `linkhub` package the
 * `popbill` SDK uses) is run against the Popbill stand-in, with and without `x-lh-forwarded: *`; its
 * signature is compared with ours for the same date and body, and the stand-in accepts both the
 * SDK's and ours.
 */
const require = createRequire(import.meta.url);
const linkhubPath = require.resolve('linkhub', { paths: [path.dirname(require.resolve('popbill/package.json'))] });
interface TokenBuilder {
  newToken(
    serviceId: string,
    accessId: string,
    scope: string[],
    forwardIp: string | null,
  ): (ok: (t: { session_token: string }) => void, err: (e: unknown) => void) => unknown;
}
const linkhub = require(linkhubPath) as { TokenBuilder(o: Record<string, unknown>): TokenBuilder };

const LINK_ID = 'PARTSMALL';
const SECRET = Buffer.from('popbill-test-secret-key-0123456789').toString('base64');
const CORP = '2148812345';

let standIn: Awaited<ReturnType<typeof popbillStandIn>>;
beforeAll(async () => {
  standIn = await popbillStandIn(LINK_ID, SECRET);
});
afterAll(async () => {
  await standIn?.close();
});

/** Linkhub's SDK asks the stand-in for a token; answers the request as the stand-in saw it. */
async function sdkToken(forwarded: string | null) {
  const builder = linkhub.TokenBuilder({ LinkID: LINK_ID, SecretKey: SECRET, AuthURL: standIn.url });
  const before = standIn.tokenRequests.length;
  await new Promise((resolve, reject) =>
    builder.newToken('POPBILL_TEST', CORP, ['member', '110'], forwarded)(resolve, reject),
  );
  return standIn.tokenRequests[before]!;
}

describe('Linkhub token signature', () => {
  for (const forwarded of ['*', null]) {
    it(`equals the SDK's ${forwarded ? 'with x-lh-forwarded: *' : 'without x-lh-forwarded'}, and the stand-in takes both`, async () => {
      const sdk = await sdkToken(forwarded);
      expect(sdk.ok).toBe(true);
      expect(sdk.forwarded).toBe(forwarded ?? undefined);
      const ours = linkhubTokenRequest({
        linkId: LINK_ID,
        secretKey: SECRET,
        serviceId: 'POPBILL_TEST',
        accessId: CORP,
        scope: ['member', '110'],
        forwarded,
        date: sdk.date,
      });
      expect(ours.body).toBe(sdk.body);
      expect(ours.headers.authorization).toBe(sdk.authorization);
      expect(ours.headers['x-lh-forwarded']).toBe(forwarded ?? undefined);
    });
  }

  it("the header's signature differs from the one without it: signing `*` as if absent is refused", async () => {
    const date = new Date().toISOString();
    const base = {
      linkId: LINK_ID,
      secretKey: SECRET,
      serviceId: 'POPBILL_TEST',
      accessId: CORP,
      scope: ['member', '110'],
      date,
    };
    const withStar = linkhubTokenRequest({ ...base, forwarded: '*' });
    const without = linkhubTokenRequest({ ...base, forwarded: null });
    expect(withStar.headers.authorization).not.toBe(without.headers.authorization);
    // The old mistake: `*` sent, signed without it.
    const res = await fetch(`${standIn.url}${without.path}`, {
      method: 'POST',
      headers: { ...without.headers, 'x-lh-forwarded': '*' },
      body: without.body,
    });
    expect(res.status).toBe(401);
  });

  for (const ipRestrict of [true, false]) {
    it(`the adapter gets its token and reads a document (IP restriction ${ipRestrict ? 'on' : 'off'})`, async () => {
      const provider = popbillTaxInvoices({
        linkId: LINK_ID,
        secretKey: SECRET,
        corpNum: CORP,
        userId: '',
        test: true,
        ipRestrict,
        mgtKeyPrefix: 'T1',
        authUrl: standIn.url,
        apiUrl: standIn.url,
        timeoutMs: 2_000,
        issueTimeoutMs: 2_000,
      });
      const before = standIn.tokenRequests.length;
      expect(await provider.states!(['O-1'])).toEqual(new Map());
      expect(standIn.tokenRequests.slice(before)).toEqual([
        expect.objectContaining({ ok: true, forwarded: ipRestrict ? undefined : '*' }),
      ]);
    });
  }
});
