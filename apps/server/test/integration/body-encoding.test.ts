import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@partsmall/contract';
import { chatMessages, members, shippingAddresses } from '../../src/db/schema.js';
import { loginAs, startTestServer, type TestServer } from '../helpers.js';
import { encodeEucKr } from '../euc-kr.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';

/**
 * A JSON body's bytes (docs/security.md#hostile-input, docs/requirements.md#validation): UTF-8 and
 * nothing else. Bytes that are no UTF-8 (EUC-KR Hangul, an overlong '/') were read as U+FFFD and
 * stored: a saved address read '��ö��'. They are refused now, and nothing is written.
 */
let server: TestServer;
let shop: TestCompany;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  shop = await makeCompany(server, '인코딩', 0);
  token = await loginAs(server, shop.main.id, shop.main.pw);
});
afterAll(async () => {
  await server?.close();
});

const address = {
  name: '김철수',
  phone: '01012345678',
  postNum: '06236',
  address: '서울 강남구 테헤란로 123',
  addrSub: '4층',
};

async function post(path: string, body: Uint8Array | string, contentType: string) {
  const res = await fetch(`${server.base}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  return { status: res.status, body: (await res.json()) as { code: number; message: string } };
}
const savedAddresses = async () =>
  (
    await server.db
      .select({ name: shippingAddresses.name, address: shippingAddresses.address })
      .from(shippingAddresses)
      .where(eq(shippingAddresses.companyId, shop.companyId))
  ).map((r) => `${r.name} ${r.address}`);
const nameOf = async (seq: number) =>
  (await server.db.select({ name: members.name }).from(members).where(eq(members.id, seq)))[0]!.name;

describe('a JSON body that is not UTF-8', () => {
  it('declared EUC-KR: 415 with the Korean message, no address saved', async () => {
    const res = await post(
      'api/setMallShppingInfo',
      encodeEucKr(JSON.stringify(address)),
      'application/json; charset=euc-kr',
    );
    expect([res.status, res.body]).toEqual([415, { code: 415, message: '요청 본문은 UTF-8로 보내 주세요.' }]);
    expect(MSG.charsetUnsupported).toBe('요청 본문은 UTF-8로 보내 주세요.');
    expect(await savedAddresses()).toEqual([]);
  });

  it('EUC-KR bytes sent as plain JSON: 400 with the text message, no address saved', async () => {
    const res = await post('api/setMallShppingInfo', encodeEucKr(JSON.stringify(address)), 'application/json');
    expect([res.status, res.body]).toEqual([400, { code: 400, message: '입력할 수 없는 문자가 포함되어 있습니다.' }]);
    expect(await savedAddresses()).toEqual([]);
  });

  it.each([
    ["an overlong '/' (C0 AF)", [0xc0, 0xaf]],
    ["a three-byte overlong '/' (E0 80 AF)", [0xe0, 0x80, 0xaf]],
    ['a surrogate in UTF-8 (ED A0 80)', [0xed, 0xa0, 0x80]],
    ['a lead byte cut off at the end of the name (EA B0)', [0xea, 0xb0]],
  ])('api/updateMyInfo with %s in the name: 400 with the text message, the name unchanged', async (_what, bad) => {
    const [head, tail] = JSON.stringify({ name: '@@', phone: shop.main.phone, mail: shop.main.id }).split('@@');
    const body = Buffer.concat([Buffer.from(head!), Buffer.from(bad), Buffer.from(tail!)]);
    const res = await post('api/updateMyInfo', body, 'application/json');
    expect([res.status, res.body]).toEqual([400, { code: 400, message: MSG.textInvalid }]);
    expect(await nameOf(shop.main.seq)).toBe('인코딩대표');
  });
});

describe('a UTF-8 body', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json; charset="utf-8"',
    'application/json; charset=utf8',
  ])('sent as %s is taken, its Hangul intact', async (contentType) => {
    const name = `박${'준호'}`;
    const res = await post(
      'api/updateMyInfo',
      JSON.stringify({ name, phone: shop.main.phone, mail: shop.main.id }),
      contentType,
    );
    expect([res.status, res.body.code]).toEqual([200, 201]);
    expect(await nameOf(shop.main.seq)).toBe('박준호');
  });

  it('with a byte order mark first is taken as the same JSON', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(address))]);
    const res = await post('api/setMallShppingInfo', body, 'application/json');
    expect([res.status, res.body.code]).toEqual([200, 201]);
    expect(await savedAddresses()).toEqual(['김철수 서울 강남구 테헤란로 123']);
  });
});

describe('a socket message over HTTP polling (the web falls back to it where a websocket cannot connect)', () => {
  /** An Engine.IO polling session of the chat channel, spoken by hand as socket.io-client speaks it. */
  async function pollingChat(chatToken: string) {
    const url = (sid?: string) => `${server.base}/socket.io/?EIO=4&transport=polling${sid ? `&sid=${sid}` : ''}`;
    const open = await (await fetch(url())).text();
    const sid = (JSON.parse(open.slice(1)) as { sid: string }).sid;
    const send = (bytes: Uint8Array | string) =>
      fetch(url(sid), { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: bytes });
    const poll = async () => (await fetch(url(sid))).text();
    await send(`40/chat,${JSON.stringify({ token: chatToken })}`);
    expect(await poll()).toMatch(/^40\/chat,/);
    return { send, poll };
  }

  it('a chat message with bytes that are no UTF-8 is not stored with U+FFFD; a good one is', async () => {
    const customer = await makeCompany(server, '폴링', 0);
    const chatToken = await loginAs(server, customer.main.id, customer.main.pw);
    const chat = await pollingChat(chatToken);
    const [head, tail] = '42/chat,1["userMessage",{"sendMessage":"안녕@@"}]'.split('@@');
    const bad = await chat.send(Buffer.concat([Buffer.from(head!), Buffer.from([0xc0, 0xaf]), Buffer.from(tail!)]));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 400, message: MSG.textInvalid });
    const good = await pollingChat(chatToken);
    await good.send('42/chat,2["userMessage",{"sendMessage":"안녕하세요"}]');
    let answers = '';
    // A poll hands over what was queued: the ack comes with or after the message's own broadcast.
    for (let i = 0; i < 5 && !answers.includes('43/chat,2['); i++) answers += await good.poll();
    expect(answers).toContain('43/chat,2[{"code":201');
    const stored = await server.db
      .select({ text: chatMessages.body })
      .from(chatMessages)
      .where(eq(chatMessages.senderId, customer.main.seq));
    expect(stored.map((r) => r.text)).toEqual(['안녕하세요']);
  });
});
