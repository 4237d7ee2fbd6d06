import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_MEMBER } from '@partsmall/contract';
import { members, shippingAddresses } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, randomPhone, type TestCompany } from '../member-helpers.js';

/**
 * The member area's calls as the original client sends them: ids as a number or a string of digits
 * (docs/requirements.md#validation), and api/stateMemberInfo's payload the row as the list answered it
 * (docs/requirements.md#sub-accounts).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: Record<string, unknown>, token: string) => call(server, 'POST', path, body, token);
const memberRow = async (seq: number) => (await server.db.select().from(members).where(eq(members.id, seq)))[0]!;
const addressSeqs = async (companyId: number) =>
  (
    await server.db
      .select()
      .from(shippingAddresses)
      .where(eq(shippingAddresses.companyId, companyId))
      .orderBy(shippingAddresses.id)
  ).map((a) => a.id);

async function companyOf(label: string, subs: number): Promise<TestCompany & { token: string }> {
  const c = await makeCompany(server, label, subs);
  return { ...c, token: await loginAs(server, c.main.id, c.main.pw) };
}

describe('a member-area id sent as a string of digits ({"seq":"12"})', () => {
  it('changes a type, edits, resets a password and stops an account of the company', async () => {
    const c = await companyOf('숫자문자', 1);
    const sub = c.subs[0]!;
    const seq = String(sub.seq);
    const typed = await post('api/setMallMemberType', { seq, type: 0 }, c.token);
    expect([typed.body.code, typed.body.message]).toEqual([201, MSG_MEMBER.memberTypeChanged]);
    const phone = randomPhone();
    const edited = await post(
      'api/setMallMemberInfo',
      { seq, name: '문자직원', phone, mail: 'str@hanbit.kr' },
      c.token,
    );
    expect([edited.body.code, edited.body.results]).toEqual([201, { seq: sub.seq }]);
    const reset = await post('api/initMallMemberPw', { seq }, c.token);
    expect([reset.body.code, reset.body.message]).toEqual([201, MSG_MEMBER.passwordReset]);
    const stopped = await post('api/stateMemberInfo', { seq }, c.token);
    expect([stopped.body.code, stopped.body.message]).toEqual([201, MSG_MEMBER.memberStopped]);
    expect(await memberRow(sub.seq)).toMatchObject({ type: 0, name: '문자직원', phone, status: 'stopped' });
  });

  it('sets the default address and deletes one', async () => {
    const c = await companyOf('숫자주소', 0);
    const address = { phone: '01011112222', postNum: '04524', address: '서울특별시 중구 세종대로 110', addrSub: '1층' };
    for (const name of ['가창고', '나창고']) {
      expect((await call(server, 'setMallShppingInfo', { ...address, name }, { token: c.token })).body.code).toBe(201);
    }
    const [first, second] = await addressSeqs(c.companyId);
    const basic = await post('api/setMallShippingBasic', { seq: String(second) }, c.token);
    expect([basic.body.code, basic.body.message]).toEqual([201, MSG_MEMBER.addressBasicSet]);
    const deleted = await post('api/stateShippingInfo', { seq: String(first) }, c.token);
    expect([deleted.body.code, deleted.body.message]).toEqual([201, MSG_MEMBER.addressDeleted]);
    expect(await addressSeqs(c.companyId)).toEqual([second]);
  });

  it('refuses anything else that is not a whole number from 1 with the field message, changing nothing', async () => {
    const c = await companyOf('숫자거절', 1);
    const sub = c.subs[0]!;
    const calls: [string, Record<string, unknown>, string][] = [
      ['api/setMallMemberType', { type: 0 }, MSG.selectMember],
      ['api/setMallMemberInfo', { name: '거절직원', phone: randomPhone(), mail: 'no@hanbit.kr' }, MSG.selectMember],
      ['api/initMallMemberPw', {}, MSG.selectMember],
      ['api/stateMemberInfo', {}, MSG.selectMember],
      ['api/setMallShippingBasic', {}, MSG_MEMBER.addressNotFound],
      ['api/stateShippingInfo', {}, MSG_MEMBER.addressNotFound],
    ];
    for (const [path, rest, message] of calls) {
      for (const seq of [` ${sub.seq}`, `${sub.seq}.0`, '1e3', '0', '-1', '2147483648', true, null, [sub.seq]]) {
        const res = await post(path, { ...rest, seq }, c.token);
        expect([res.status, res.body.field, res.body.message], `${path} ${JSON.stringify(seq)}`).toEqual([
          400,
          'seq',
          message,
        ]);
      }
    }
    expect(await memberRow(sub.seq)).toMatchObject({ type: 1, name: sub.name, phone: sub.phone, status: 'active' });
  });
});

describe('api/stateMemberInfo with the row as getMallMemberInfo answered it', () => {
  const rowOf = async (c: { token: string }, seq: number) => {
    const list = await call(server, 'getMallMemberInfo', { page: 1, size: 16 }, { token: c.token });
    return list.body.results!.find((r) => r.seq === seq)!;
  };

  it('stops the active account the row shows, and sent again as listed, leaves it stopped', async () => {
    const c = await companyOf('줄중지', 1);
    const sub = c.subs[0]!;
    const row = await rowOf(c, sub.seq);
    expect(row).toMatchObject({ seq: sub.seq, id: sub.id, type: 1, status: 'active' });
    const stopped = await post('api/stateMemberInfo', { ...row }, c.token);
    expect([stopped.body.code, stopped.body.message]).toEqual([201, MSG_MEMBER.memberStopped]);
    expect((await memberRow(sub.seq)).status).toBe('stopped');
    const login = await call(server, 'login', { id: sub.id, pw: sub.pw });
    expect([login.status, login.body.message]).toEqual([403, MSG.accountStopped]);
    const again = await rowOf(c, sub.seq);
    expect(again.status).toBe('stopped');
    const twice = await post('api/stateMemberInfo', { ...again }, c.token);
    expect([twice.body.code, twice.body.message]).toEqual([201, MSG_MEMBER.memberStopped]);
    expect((await memberRow(sub.seq)).status).toBe('stopped');
  });

  it("lets the account in again with our field targetStatus: 'active' only", async () => {
    const c = await companyOf('줄재개', 1);
    const sub = c.subs[0]!;
    expect((await post('api/stateMemberInfo', { seq: sub.seq }, c.token)).body.code).toBe(201);
    const row = await rowOf(c, sub.seq);
    const resumed = await post('api/stateMemberInfo', { ...row, targetStatus: 'active' }, c.token);
    expect([resumed.body.code, resumed.body.message]).toEqual([201, MSG_MEMBER.memberResumed]);
    expect((await memberRow(sub.seq)).status).toBe('active');
    expect(await loginAs(server, sub.id, sub.pw)).toBeTruthy();
    const wrong = await post('api/stateMemberInfo', { seq: sub.seq, targetStatus: 'withdrawn' }, c.token);
    expect([wrong.status, wrong.body.field, wrong.body.message]).toEqual([
      400,
      'targetStatus',
      MSG_MEMBER.memberStateInvalid,
    ]);
    expect((await memberRow(sub.seq)).status).toBe('active');
  });
});
