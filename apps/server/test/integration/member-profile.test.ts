import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, MSG, MSG_MEMBER, type UserInfo } from '@partsmall/contract';
import { companies, members, sessions, shippingAddresses } from '../../src/db/schema.js';
import { OTHER_COMPANY } from '../../src/seed/demo.js';
import { call, loginAs, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances, makeCompany, type TestCompany } from '../member-helpers.js';

/** My info, password, company info and delivery addresses of the member area (docs/requirements.md#member-area). */
let server: TestServer;
let shop: TestCompany;
/** The phone of the other company's main account (seed). */
const OTHER_PHONE = '01012345603';
/** A contact mail outside printable ASCII (docs/requirements.md#validation). */
const MAIL_ASCII = '메일 주소는 영문, 숫자와 기호로만 입력하세요. 한글, 전각 문자, 보이지 않는 문자는 쓸 수 없습니다.';

const memberRow = async (seq: number) => (await server.db.select().from(members).where(eq(members.id, seq)))[0]!;
const companyRow = async (id: number) => (await server.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const addressesOf = (companyId: number) =>
  server.db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.companyId, companyId))
    .orderBy(shippingAddresses.id);
const works = async (token: string) => (await call(server, 'getMyShippingInfo', {}, { token })).status === 200;

beforeAll(async () => {
  server = await startTestServer();
  shop = await makeCompany(server, '프로필', 2);
});
afterAll(async () => {
  await server?.close();
});

describe('api/updateMyInfo', () => {
  it('refuses each rule break with its message and changes nothing', async () => {
    const token = await loginAs(server, shop.subs[0]!.id, 'pass1234');
    const before = await memberRow(shop.subs[0]!.seq);
    const good = { name: '김영업', phone: '01077778888', mail: 'sales@test.kr' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, name: '' }, 'name', MSG_MEMBER.nameRequired],
      [{ ...good, name: '김' }, 'name', MSG_MEMBER.nameLength],
      [{ ...good, name: '가'.repeat(21) }, 'name', MSG_MEMBER.nameLength],
      [{ ...good, name: '김\u0000영업' }, 'name', MSG.textInvalid],
      [{ ...good, phone: '' }, 'phone', MSG_MEMBER.phoneRequired],
      [{ ...good, phone: '010123456' }, 'phone', MSG_MEMBER.phoneDigits],
      [{ ...good, phone: '010123456789' }, 'phone', MSG_MEMBER.phoneDigits],
      [{ ...good, phone: '010-1234-5678' }, 'phone', MSG_MEMBER.phoneDigits],
      [{ ...good, mail: '' }, 'mail', MSG_MEMBER.mailRequired],
      [{ ...good, mail: 'a@b.' }, 'mail', MSG_MEMBER.mailLength],
      [{ ...good, mail: `${'a'.repeat(96)}@b.kr` }, 'mail', MSG_MEMBER.mailLength],
      [{ ...good, mail: 'not-a-mail' }, 'mail', MSG_MEMBER.mailShape],
      // Full-width letters read as another address, as in a login id (docs/requirements.md#validation).
      [{ ...good, mail: 'ｍａｉｌ@ｔｅｓｔ.kr' }, 'mail', MAIL_ASCII],
      [{ ...good, mail: 'sales@ｔest.kr' }, 'mail', MAIL_ASCII],
      [{ ...good, phone: OTHER_PHONE }, 'phone', MSG_MEMBER.phoneInUse],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(server, 'POST', 'api/updateMyInfo', body, token);
      expect([res.status, res.body.field, res.body.message], JSON.stringify(body)).toEqual([400, field, message]);
    }
    expect(await memberRow(shop.subs[0]!.seq)).toEqual(before);
    expect(await works(token)).toBe(true);
  });

  it('saves and answers the new userInfo with the token it came with, which goes on working', async () => {
    const old = await loginAs(server, shop.subs[0]!.id, 'pass1234');
    const otherTab = await loginAs(server, shop.subs[0]!.id, 'pass1234');
    const res = await call(
      server,
      'updateMyInfo',
      { seq: 999_999, name: '  김영업  ', phone: '01077778888', mail: 'sales@test.kr' },
      { token: old },
    );
    expect([res.status, res.body.code, res.body.message]).toEqual([200, 201, MSG_MEMBER.infoUpdated]);
    const { token, userInfo } = res.body.results!;
    // No security event (docs/security.md#sessions): the chat popup's copy of the token goes on too.
    expect(token).toBe(old);
    expect(userInfo).toMatchObject({
      seq: shop.subs[0]!.seq,
      name: '김영업',
      phone: '01077778888',
      mail: 'sales@test.kr',
      id: shop.subs[0]!.id,
      type: 1,
    });
    expect(userInfo.companyInfo!.securityNum).toBeNull();
    expect(await works(old)).toBe(true);
    // Another tab's session of the same member is left alone; the login id never changes.
    expect(await works(otherTab)).toBe(true);
    expect((await memberRow(shop.subs[0]!.seq)).loginId).toBe(shop.subs[0]!.id);
  });
});

describe('api/updateMyPassword', () => {
  it('refuses a wrong current password (field opw), a mismatch, bad lengths; nothing changes', async () => {
    const account = shop.subs[1]!;
    const token = await loginAs(server, account.id, 'pass1234');
    const before = (await memberRow(account.seq)).passwordHash;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ opw: '', pw: 'newpass1', cpw: 'newpass1' }, 'opw', MSG_MEMBER.opwRequired],
      [{ opw: 'abc', pw: 'newpass1', cpw: 'newpass1' }, 'opw', MSG_MEMBER.opwLength],
      [{ opw: 'pass1234', pw: '', cpw: '' }, 'pw', MSG_MEMBER.pwRequired],
      [{ opw: 'pass1234', pw: 'abc', cpw: 'abc' }, 'pw', MSG_MEMBER.pwLength],
      // Hangul fillers or zero-width spaces alone show nothing (docs/requirements.md#accounts-and-sessions).
      [{ opw: 'pass1234', pw: '\u3164'.repeat(4), cpw: '\u3164'.repeat(4) }, 'pw', MSG_MEMBER.pwRequired],
      [{ opw: 'pass1234', pw: '\u200b'.repeat(4), cpw: '\u200b'.repeat(4) }, 'pw', MSG_MEMBER.pwRequired],
      [{ opw: 'pass1234', pw: 'a'.repeat(21), cpw: 'a'.repeat(21) }, 'pw', MSG_MEMBER.pwLength],
      [{ opw: 'pass1234', pw: 'newpass1' }, 'cpw', MSG_MEMBER.cpwRequired],
      [{ opw: 'pass1234', pw: 'newpass1', cpw: 'newpass2' }, 'cpw', MSG.passwordMismatch],
      [{ opw: 'pass1234', pw: 'pass1234', cpw: 'pass1234' }, 'pw', MSG_MEMBER.pwSameAsOld],
      [{ opw: 'wrongpass', pw: 'newpass1', cpw: 'newpass1' }, 'opw', MSG_MEMBER.opwWrong],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(server, 'POST', 'api/updateMyPassword', body, token);
      expect([res.status, res.body.field, res.body.message], JSON.stringify(body)).toEqual([400, field, message]);
    }
    expect((await memberRow(account.seq)).passwordHash).toBe(before);
    expect(await works(token)).toBe(true);
  });

  it('changes the password, keeps this session and ends the others (their sockets too)', async () => {
    const account = shop.subs[1]!;
    const mine = await loginAs(server, account.id, 'pass1234');
    const elsewhere = await loginAs(server, account.id, 'pass1234');
    const socket = tradeSocket(server, elsewhere);
    const ready = nextEvent(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    await ready;
    const ended = nextEvent<{ code: number }>(socket, 'toClientBaseInfo');
    const disconnected = new Promise<void>((resolve) => socket.on('disconnect', () => resolve()));
    const res = await call(
      server,
      'updateMyPassword',
      { opw: 'pass1234', pw: 'newpass99', cpw: 'newpass99' },
      { token: mine },
    );
    expect([res.body.code, res.body.message]).toEqual([201, MSG_MEMBER.passwordUpdated]);
    expect((await ended).code).toBe(401);
    await disconnected;
    expect(await works(mine)).toBe(true);
    expect(await works(elsewhere)).toBe(false);
    expect((await call(server, 'login', { id: account.id, pw: 'pass1234' })).status).toBe(400);
    expect(await loginAs(server, account.id, 'newpass99')).toBeTruthy();
    socket.close();
  });

  it('stops guessing the current password after 5 wrong tries', async () => {
    const account = shop.main;
    const token = await loginAs(server, account.id, 'pass1234');
    for (let i = 0; i < 5; i++) {
      expect(
        (await call(server, 'updateMyPassword', { opw: `guess${i}x`, pw: 'newpass1', cpw: 'newpass1' }, { token }))
          .status,
      ).toBe(400);
    }
    const locked = await call(
      server,
      'updateMyPassword',
      { opw: 'pass1234', pw: 'newpass1', cpw: 'newpass1' },
      { token },
    );
    expect([locked.status, locked.body.message]).toEqual([429, MSG_MEMBER.opwTooMany]);
    expect(await loginAs(server, account.id, 'pass1234')).toBeTruthy();
  });

  it('the right password wipes the wrong tries before it: 4 wrong and the right one, twice over', async () => {
    const co = await makeCompany(server, '비번정정', 0);
    const token = await loginAs(server, co.main.id, co.main.pw);
    let current = co.main.pw;
    for (const next of ['round1pw', 'round2pw']) {
      for (let i = 0; i < 4; i++) {
        const wrong = await call(server, 'updateMyPassword', { opw: `miss${i}pw`, pw: next, cpw: next }, { token });
        expect([wrong.status, wrong.body.message]).toEqual([400, MSG_MEMBER.opwWrong]);
      }
      const right = await call(server, 'updateMyPassword', { opw: current, pw: next, cpw: next }, { token });
      expect([right.body.code, right.body.message]).toEqual([201, MSG_MEMBER.passwordUpdated]);
      current = next;
    }
    expect(await loginAs(server, co.main.id, 'round2pw')).toBeTruthy();
  });

  it('parallel guesses cannot slip past the limit: at most 5 are judged', async () => {
    const account = shop.subs[0]!;
    const token = await loginAs(server, account.id, 'pass1234');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(server, 'updateMyPassword', { opw: `guess${i}x`, pw: 'newpass1', cpw: 'newpass1' }, { token }),
      ),
    );
    const judged = answers.filter((a) => a.body.message === MSG_MEMBER.opwWrong).length;
    expect(judged).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBe(12 - judged);
  });
});

describe('api/updateMyCompanyInfo', () => {
  const form = () => ({
    license: shop.license,
    name: '프로필상사',
    ceo: '김대표',
    phone: '0212345678',
    fax: '0212345679',
    mail: 'office@profile.kr',
    postMain: '04524',
    addrMain: '서울특별시 중구 세종대로 110',
    addrSub: '2층',
  });

  it('alerts the original three messages for empty fields, and every length rule; nothing changes', async () => {
    const token = await loginAs(server, shop.main.id, 'pass1234');
    const before = await companyRow(shop.companyId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...form(), license: '' }, 'license', '사업자등록번호를 입력하세요.'],
      [{ ...form(), name: '' }, 'name', '상호를 입력하세요.'],
      [{ ...form(), ceo: '' }, 'ceo', '대표를 입력하세요.'],
      [{ ...form(), license: '123456789' }, 'license', MSG.licenseDigits],
      [{ ...form(), license: '12345678901' }, 'license', MSG.licenseDigits],
      [{ ...form(), license: '123-45-67890' }, 'license', MSG.licenseDigits],
      [{ ...form(), license: bumpCheckDigit(shop.license) }, 'license', MSG.licenseChecksum],
      [{ ...form(), name: '가'.repeat(51) }, 'name', MSG.companyNameLength],
      [{ ...form(), ceo: '김' }, 'ceo', MSG_MEMBER.ceoLength],
      [{ ...form(), ceo: '김'.repeat(21) }, 'ceo', MSG_MEMBER.ceoLength],
      [{ ...form(), phone: '' }, 'phone', MSG_MEMBER.companyPhoneRequired],
      [{ ...form(), phone: '021234567' }, 'phone', MSG_MEMBER.companyPhoneDigits],
      [{ ...form(), fax: '021234567890' }, 'fax', MSG_MEMBER.faxDigits],
      [{ ...form(), fax: '02-123-4567' }, 'fax', MSG_MEMBER.faxDigits],
      [{ ...form(), mail: `${'a'.repeat(46)}@b.kr` }, 'mail', MSG_MEMBER.companyMail],
      [{ ...form(), mail: 'office' }, 'mail', MSG_MEMBER.companyMail],
      [{ ...form(), mail: 'ｏｆｆｉｃｅ@profile.kr' }, 'mail', MAIL_ASCII],
      [{ ...form(), invoiceMail: 'tax@ｐrofile.kr' }, 'invoiceMail', MAIL_ASCII],
      [{ ...form(), postMain: '' }, 'postMain', MSG_MEMBER.postRequired],
      [{ ...form(), postMain: '1234' }, 'postMain', MSG_MEMBER.postDigits],
      [{ ...form(), postMain: '1234567' }, 'postMain', MSG_MEMBER.postDigits],
      [{ ...form(), addrMain: '' }, 'addrMain', MSG_MEMBER.addrRequired],
      [{ ...form(), addrMain: '서' }, 'addrMain', MSG_MEMBER.addrLength],
      [{ ...form(), addrMain: '서'.repeat(101) }, 'addrMain', MSG_MEMBER.addrLength],
      [{ ...form(), addrSub: '층'.repeat(101) }, 'addrSub', MSG_MEMBER.addrSubLength],
      [{ ...form(), license: OTHER_COMPANY.license }, 'license', MSG_MEMBER.licenseInUse],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(server, 'POST', 'api/updateMyCompanyInfo', body, token);
      expect([res.status, res.body.field, res.body.message], JSON.stringify(body)).toEqual([400, field, message]);
    }
    expect(await companyRow(shop.companyId)).toEqual(before);
  });

  it('saves and answers the new userInfo; empty optional fields and a 5-digit postcode are fine', async () => {
    const token = await loginAs(server, shop.main.id, 'pass1234');
    const res = await call(server, 'updateMyCompanyInfo', form(), { token });
    expect([res.body.code, res.body.message]).toEqual([201, MSG_MEMBER.companyUpdated]);
    expect(res.body.results!.userInfo.companyInfo).toMatchObject({
      name: '프로필상사',
      ceo: '김대표',
      phone: '0212345678',
      fax: '0212345679',
      postMain: '04524',
      addrSub: '2층',
      license: shop.license,
    });
    expect(res.body.results!.userInfo.companyInfo!.securityNum).toMatch(/^\d{6}$/);
    const minimal = { ...form(), fax: '', mail: '', addrSub: '', postMain: '04524' };
    expect((await call(server, 'updateMyCompanyInfo', minimal, { token })).body.code).toBe(201);
    expect(await companyRow(shop.companyId)).toMatchObject({ fax: '', mail: '', addrSub: '', name: '프로필상사' });
    // The number of a withdrawn company may be taken over.
    const gone = await makeCompany(server, '폐업', 0);
    await server.db.update(companies).set({ withdrawnAt: new Date() }).where(eq(companies.id, gone.companyId));
    const taken = await call(server, 'updateMyCompanyInfo', { ...form(), license: gone.license }, { token });
    expect(taken.body.code).toBe(201);
    expect((await companyRow(shop.companyId)).license).toBe(gone.license);
    shop.license = gone.license;
    // The API document says the number may be changed, as it just was.
    expect(CALLS.updateMyCompanyInfo.description).toContain('사업자등록번호');
    expect(CALLS.updateMyCompanyInfo.description).not.toMatch(/바뀌지 않습니다/);
  });

  it("pushes the change to the company's open tabs", async () => {
    const subToken = await loginAs(server, shop.subs[0]!.id, 'pass1234');
    const socket = tradeSocket(server, subToken);
    const ready = nextEvent(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    await ready;
    const pushed = nextEvent<{ result: { userInfo: UserInfo } }>(socket, 'toClientBaseInfo');
    const token = await loginAs(server, shop.main.id, 'pass1234');
    await call(server, 'updateMyCompanyInfo', { ...form(), license: shop.license, name: '프로필상사 본점' }, { token });
    expect((await pushed).result.userInfo.companyInfo!.name).toBe('프로필상사 본점');
    socket.close();
  });
});

/** The same nine digits with another check digit: fails the checksum. */
function bumpCheckDigit(license: string): string {
  return license.slice(0, 9) + String((Number(license[9]) + 1) % 10);
}

describe('delivery addresses', () => {
  const address = (name: string) => ({
    name,
    phone: '01011112222',
    postNum: '04524',
    address: '서울특별시 중구 세종대로 110',
    addrSub: '1층',
  });

  it('the first address becomes the default; setting another default moves the mark; the default itself is refused', async () => {
    const token = await loginAs(server, shop.subs[0]!.id, 'pass1234');
    const seqs: number[] = [];
    for (const name of ['가창고', '나창고', '다창고']) {
      const res = await call(server, 'setMallShppingInfo', address(name), { token });
      seqs.push(res.body.results!.seq);
    }
    expect((await addressesOf(shop.companyId)).map((a) => a.basic)).toEqual([true, false, false]);
    const again = await call(
      server,
      'POST',
      'api/setMallShippingBasic',
      { seq: seqs[0], basic: 'true', name: '가창고' },
      token,
    );
    expect([again.status, again.body.field, again.body.message]).toEqual([
      400,
      'seq',
      '현재 기본주소로 설정된 항목입니다.',
    ]);
    const moved = await call(server, 'setMallShippingBasic', { seq: seqs[2]! }, { token });
    expect([moved.body.code, moved.body.message]).toEqual([201, MSG_MEMBER.addressBasicSet]);
    expect((await addressesOf(shop.companyId)).map((a) => a.basic)).toEqual([false, false, true]);
    const list = await call(server, 'getMyShippingInfo', { page: 1, size: 15 }, { token });
    expect(list.body.results![0]).toMatchObject({ seq: seqs[2], basic: 'true' });
    for (const body of [{}, { seq: 0 }, { seq: 'abc' }, { seq: 1.5 }]) {
      expect((await call(server, 'POST', 'api/setMallShippingBasic', body, token)).status).toBe(400);
    }
    expect((await call(server, 'setMallShippingBasic', { seq: 2_000_000_000 }, { token })).status).toBe(404);
  });

  it('the same new address saved twice at once (a double click) is one row; saved again as the default, it moves the mark', async () => {
    const co = await makeCompany(server, '두번저장', 0);
    const token = await loginAs(server, co.main.id, 'pass1234');
    const first = await call(server, 'setMallShppingInfo', address('본사'), { token });
    const twice = await Promise.all(
      [1, 2].map(() => call(server, 'setMallShppingInfo', { ...address('물류센터'), basic: 'false' }, { token })),
    );
    expect(twice.map((r) => r.body.code)).toEqual([201, 201]);
    expect(twice[0]!.body.results!.seq).toBe(twice[1]!.body.results!.seq);
    const center = twice[0]!.body.results!.seq;
    const marks = async () => (await addressesOf(co.companyId)).map((a) => [a.id, a.name, a.basic]);
    expect(await marks()).toEqual([
      [first.body.results!.seq, '본사', true],
      [center, '물류센터', false],
    ]);
    // One field apart is another address.
    const floor = await call(server, 'setMallShppingInfo', { ...address('물류센터'), addrSub: '2층' }, { token });
    expect(floor.body.results!.seq).not.toBe(center);
    // The same again, as the default: no new row, the mark moves to it.
    const again = await call(server, 'setMallShppingInfo', { ...address('물류센터'), basic: 'true' }, { token });
    expect(again.body.results!.seq).toBe(center);
    expect(await marks()).toEqual([
      [first.body.results!.seq, '본사', false],
      [center, '물류센터', true],
      [floor.body.results!.seq, '물류센터', false],
    ]);
  });

  it('six switches of one address at once: exactly one moves the mark, the other five find it already there', async () => {
    const token = await loginAs(server, shop.main.id, 'pass1234');
    const target = (await addressesOf(shop.companyId)).find((a) => !a.basic)!;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(server, 'setMallShippingBasic', { seq: target.id }, { token })),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.body.code === 400))
      expect(a.body.message).toBe(MSG_MEMBER.addressAlreadyBasic);
    expect((await addressesOf(shop.companyId)).filter((a) => a.basic).map((a) => a.id)).toEqual([target.id]);
  });

  it('many default switches of different addresses at once leave exactly one default', async () => {
    const token = await loginAs(server, shop.main.id, 'pass1234');
    const all = await addressesOf(shop.companyId);
    const answers = await Promise.all(
      all.flatMap((a) => [1, 2, 3].map(() => call(server, 'setMallShippingBasic', { seq: a.id }, { token }))),
    );
    // Whatever the order, each answer is a move or 'already the default', and one default stands.
    for (const a of answers) expect([201, 400]).toContain(a.body.code);
    // At least the first switch to an address other than the default of that moment moves the mark.
    expect(answers.some((a) => a.body.code === 201)).toBe(true);
    expect((await addressesOf(shop.companyId)).filter((a) => a.basic)).toHaveLength(1);
  });

  it('deletes an address; deleting the default makes the newest remaining one the default', async () => {
    const token = await loginAs(server, shop.subs[0]!.id, 'pass1234');
    let all = await addressesOf(shop.companyId);
    const plain = all.find((a) => !a.basic)!;
    const res = await call(
      server,
      'stateShippingInfo',
      { ...{ basic: 'false', name: plain.name }, seq: plain.id },
      { token },
    );
    expect([res.body.code, res.body.message]).toEqual([201, MSG_MEMBER.addressDeleted]);
    expect((await call(server, 'stateShippingInfo', { seq: plain.id }, { token })).status).toBe(404);
    all = await addressesOf(shop.companyId);
    const basic = all.find((a) => a.basic)!;
    await call(server, 'stateShippingInfo', { seq: basic.id }, { token });
    const left = await addressesOf(shop.companyId);
    expect(left).toHaveLength(all.length - 1);
    expect(left.filter((a) => a.basic).map((a) => a.id)).toEqual([Math.max(...left.map((a) => a.id))]);
    for (const a of left) await call(server, 'stateShippingInfo', { seq: a.id }, { token });
    expect(await addressesOf(shop.companyId)).toEqual([]);
    // Saving several at once into the empty book, some asking to be the default: one default.
    const saves = await Promise.all(
      ['라', '마', '바', '사', '아', '자'].map((n, i) =>
        call(server, 'setMallShppingInfo', { ...address(`${n}창고`), basic: i % 2 ? 'true' : 'false' }, { token }),
      ),
    );
    expect(saves.map((r) => r.body.code)).toEqual(Array(6).fill(201));
    expect((await addressesOf(shop.companyId)).filter((a) => a.basic)).toHaveLength(1);
  });

  it("a company's own book: by name or phone digits, the default first then the newest; edits keep or move the mark; another company's cannot touch it", async () => {
    const co = await makeCompany(server, '주소록', 0);
    const outsider = await makeCompany(server, '주소록외부', 0);
    const token = await loginAs(server, co.main.id, 'pass1234');
    const socket = tradeSocket(server, token);
    let first = 0;
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // The first address completes the company's details: the open tab hears of it at once.
      const pushed = nextEvent<{ code: number }>(socket, 'toClientBaseInfo');
      const res = await call(server, 'setMallShppingInfo', { ...address('본사 창고'), phone: '0215447000' }, { token });
      first = res.body.results!.seq;
      expect((await pushed).code).toBe(200);
    } finally {
      socket.close();
    }
    const save = async (body: Record<string, unknown>, as = token) =>
      call(server, 'setMallShppingInfo', { ...address('이름'), ...body }, { token: as });
    const second = (await save({ name: '100%_물류', phone: '01099998888' })).body.results!.seq;
    const third = (await save({ name: '부산 지점', phone: '05177776666' })).body.results!.seq;
    const list = async (body: Record<string, unknown> = {}) =>
      (await call(server, 'getMyShippingInfo', { page: 1, size: 15, ...body }, { token })).body.results!.map(
        (a) => a.seq,
      );
    expect(await list()).toEqual([first, third, second]);
    expect(await list({ searchType: 'phone', searchKeyword: '051-7777' })).toEqual([third]);
    expect(await list({ searchType: 'name', searchKeyword: '%_' })).toEqual([second]);
    expect(await list({ searchType: 'name', searchKeyword: '지점' })).toEqual([third]);
    const marks = async () => (await addressesOf(co.companyId)).map((a) => [a.id, a.name, a.basic]);
    // An edit without `basic` keeps the mark where it is; with 'true' it moves it.
    expect((await save({ seq: first, name: '본사 창고 2층' })).body.code).toBe(201);
    expect((await save({ seq: second, name: '100%_물류' })).body.code).toBe(201);
    expect(await marks()).toEqual([
      [first, '본사 창고 2층', true],
      [second, '100%_물류', false],
      [third, '부산 지점', false],
    ]);
    // The default saved with 'false' keeps its mark: the book is never left without one.
    expect((await save({ seq: first, name: '본사 창고 3층', basic: 'false' })).body.code).toBe(201);
    expect(await marks()).toEqual([
      [first, '본사 창고 3층', true],
      [second, '100%_물류', false],
      [third, '부산 지점', false],
    ]);
    expect((await save({ seq: third, name: '부산 지점', basic: 'true' })).body.code).toBe(201);
    // Another company's member can neither edit nor delete it, and nothing changes.
    const stranger = await loginAs(server, outsider.main.id, 'pass1234');
    expect((await save({ seq: third, name: '가로채기' }, stranger)).status).toBe(404);
    expect((await call(server, 'stateShippingInfo', { seq: second }, { token: stranger })).status).toBe(404);
    expect(await marks()).toEqual([
      [first, '본사 창고 3층', false],
      [second, '100%_물류', false],
      [third, '부산 지점', true],
    ]);
    // Deleting the default hands the mark to the newest that remains, not the oldest.
    expect((await call(server, 'stateShippingInfo', { seq: third }, { token })).body.code).toBe(201);
    expect(await marks()).toEqual([
      [first, '본사 창고 3층', false],
      [second, '100%_물류', true],
    ]);
  });

  it('the ledger sums to the balance for every company, and revoked sessions stay revoked', async () => {
    await expectLedgerMatchesBalances(server);
    const revoked = await server.db.select().from(sessions).where(eq(sessions.memberId, shop.subs[1]!.seq));
    expect(revoked.some((s) => s.revokedAt !== null)).toBe(true);
  });
});
