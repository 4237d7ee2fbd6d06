import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CALLS, type CallId } from '@partsmall/contract';
import {
  allowCodeResend,
  call,
  loginAs,
  nextEvent,
  sendPhoneCode,
  startTestServer,
  tradeSocket,
  wrongCode,
  type CallResult,
} from '../helpers.js';
import { chatSocket, memberIdOf, openChat, tokenFor, waitFor } from '../chat-helpers.js';
import { png } from '../chat-images.js';
import { makeCompany, randomLicense, randomPhone, type TestCompany } from '../member-helpers.js';
import { fund, makeProduct } from '../order-helpers.js';

/**
 * The original client keeps working (docs/requirements.md#the-original-api). For every call and socket event of the original
 * API, its original payload (the table of calls' example: exactly the original field names, nothing
 * of ours) is accepted, and every field the original client reads from the answer is there.
 * A row may put live values (ids, codes) into the example's own fields, never add a field.
 */
const server = await startTestServer();
const open: Socket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  await server.close();
});

const DEMO = { id: 'demo@partsmall.kr', pw: 'demo1234' };
const demoToken = await loginAs(server, DEMO.id, DEMO.pw);

/** The original payload of a call with live values put into its own fields (never a field of ours). */
function specPayload(id: CallId, live: Record<string, unknown> = {}): Record<string, unknown> {
  const example = CALLS[id].example as Record<string, unknown>;
  for (const key of Object.keys(live))
    if (!(key in example)) throw new Error(`${id}: ${key} is not a field of the original payload`);
  return { ...example, ...live };
}

/** Every dotted path the original client reads is present (not undefined) in the answer. */
function expectFields(body: unknown, paths: readonly string[]) {
  for (const p of paths) {
    const value = p
      .split('.')
      .reduce<unknown>((o, k) => (o === null || o === undefined ? undefined : (o as Record<string, unknown>)[k]), body);
    expect(value, `answer field ${p}`).not.toBeUndefined();
  }
}

async function send(id: CallId, payload: Record<string, unknown>, token?: string): Promise<CallResult> {
  const entry = CALLS[id];
  return call(server, entry.method, entry.path, payload, token);
}

/** A company of its own with cash and a product in the cart: for the rows that change things. */
async function buyer(
  label: string,
): Promise<{ company: TestCompany; token: string; cartSeq: number; productId: number }> {
  const company = await makeCompany(server, label, 1);
  await fund(server, company.companyId, 1_000_000);
  const token = await loginAs(server, company.main.id, company.main.pw);
  const product = await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000, stock: 50 });
  expect(
    (
      await send(
        'addToCart',
        specPayload('addToCart', {
          productId: product.id,
          hasAmount: 1,
          price: 10_000,
          originHasAmount: 50,
          companyId: 0,
        }),
        token,
      )
    ).body.code,
  ).toBe(201);
  const cart = await send('getMallCartInfo', specPayload('getMallCartInfo'), token);
  const line = (cart.body.results as { seq: number; productInfo: { seq?: number } }[]).at(-1)!;
  return { company, token, cartSeq: line.seq, productId: product.id };
}

interface Row {
  call: CallId;
  what?: string;
  /** Status codes the original client takes as success for this row. */
  codes: readonly number[];
  /** The fields the original client reads. */
  reads: readonly string[];
  /** Who sends it and the live values, put into the original fields. */
  run: () => Promise<{ token?: string; live?: Record<string, unknown>; payload?: Record<string, unknown> }>;
}

const member = async () => ({ token: demoToken });
const fresh = async (label: string) => {
  const c = await makeCompany(server, label, 1);
  return { c, token: await loginAs(server, c.main.id, c.main.pw) };
};

const anyProduct = async () =>
  (await send('getProductHome', specPayload('getProductHome', { searchKeyword: '', searchType: 'name' }))).body
    .results as { seq: number; pid: string }[];

const rows: Row[] = [
  { call: 'getProductHome', codes: [200], reads: ['results'], run: async () => ({}) },
  {
    call: 'getProductHome',
    what: 'seq, page, size',
    codes: [200],
    reads: ['results'],
    run: async () => ({ payload: { seq: (await anyProduct())[0]!.seq, page: 1, size: 60 } }),
  },
  {
    call: 'getProductHomeDetail',
    codes: [200],
    reads: ['results'],
    run: async () => ({ token: demoToken, live: { seq: (await anyProduct())[0]!.seq } }),
  },
  {
    call: 'getMallConfig',
    codes: [200],
    reads: [
      'code',
      'results.ver',
      'results.notices',
      'results.mallBottom',
      'results.buyPolicy',
      'results.totalAsset',
      'results.totalQuantity',
    ],
    run: async () => ({}),
  },
  {
    call: 'login',
    codes: [200],
    reads: ['code', 'message', 'results.token', 'results.userInfo'],
    run: async () => ({ live: DEMO }),
  },
  {
    call: 'chatJoin',
    codes: [200],
    reads: ['code', 'message', 'results.token', 'results.userInfo'],
    run: async () => ({ live: { id: `chat${randomPhone().slice(-6)}@busan.kr`, phone: randomPhone() } }),
  },
  {
    call: 'addToBuy',
    codes: [201],
    reads: ['results'],
    run: async () => ({ token: demoToken, live: { productId: (await anyProduct())[0]!.seq } }),
  },
  {
    call: 'addToCart',
    codes: [201],
    reads: ['code', 'message'],
    run: async () => ({ token: (await fresh('담기')).token, live: { productId: (await anyProduct())[0]!.seq } }),
  },
  {
    call: 'getEpcToProduct',
    codes: [200],
    reads: ['code', 'results.partInfo'],
    run: async () => ({ token: demoToken, live: { pid: (await anyProduct())[0]!.pid } }),
  },
  {
    call: 'qrcodeLogin',
    codes: [200],
    reads: ['code', 'results'],
    run: async () => {
      const issued = await call<{ code: string }>(
        server,
        'POST',
        'api/qrcodeLoginCode',
        {},
        (await fresh('큐알')).token,
      );
      return { live: { token: issued.body.results!.code } };
    },
  },
  {
    call: 'checkLicense',
    what: 'a new number',
    codes: [200],
    reads: ['code'],
    run: async () => ({ live: { license: randomLicense() } }),
  },
  {
    call: 'checkLicense',
    what: 'an existing number',
    codes: [400],
    reads: ['code', 'message'],
    run: async () => ({ live: { license: (await makeCompany(server, '기존', 0)).license } }),
  },
  { call: 'mobileVerification', codes: [200], reads: ['code'], run: async () => ({ live: { phone: randomPhone() } }) },
  {
    call: 'checkAuthCode',
    codes: [200],
    reads: ['code'],
    run: async () => {
      const phone = randomPhone();
      return { live: { phone, authCode: await sendPhoneCode(server, phone) } };
    },
  },
  {
    call: 'join',
    codes: [201],
    reads: ['code', 'message'],
    run: async () => {
      const phone = randomPhone();
      return {
        live: {
          phone,
          authCode: await sendPhoneCode(server, phone),
          license: randomLicense(),
          id: `own${phone.slice(-6)}@saehan.kr`,
        },
      };
    },
  },
  {
    call: 'mobileVerificationInq',
    codes: [200],
    reads: ['code'],
    run: async () => ({ live: { phone: (await makeCompany(server, '찾기', 0)).main.phone } }),
  },
  {
    call: 'findMemberId',
    codes: [200],
    reads: ['results.id'],
    run: async () => {
      const phone = (await makeCompany(server, '아이디', 0)).main.phone;
      return { live: { phone, authCode: await sendPhoneCode(server, phone, 'find') } };
    },
  },
  {
    call: 'findMemberPw',
    codes: [201],
    reads: ['code', 'message'],
    run: async () => {
      const phone = (await makeCompany(server, '비번', 0)).main.phone;
      await allowCodeResend(server, phone);
      return { live: { phone, authCode: await sendPhoneCode(server, phone, 'find') } };
    },
  },
  // A refusal of find password answers body code 0: the original client shows the message of a 0 only.
  ...(['a wrong code', 'a mismatched confirmation'] as const).map((what): Row => ({
    call: 'findMemberPw',
    what,
    codes: [0],
    reads: ['code', 'message'],
    run: async () => {
      const phone = (await makeCompany(server, '비번거절', 0)).main.phone;
      const code = await sendPhoneCode(server, phone, 'find');
      return {
        live:
          what === 'a wrong code' ? { phone, authCode: wrongCode(code) } : { phone, authCode: code, cpw: 'other123' },
      };
    },
  })),
  { call: 'registerInquiry', codes: [201], reads: ['code', 'message'], run: async () => ({}) },
  { call: 'getMallNotice', what: 'list', codes: [200], reads: ['results'], run: async () => ({}) },
  {
    call: 'getMallNotice',
    what: 'list of the profile (size 5)',
    codes: [200],
    // The profile's detail panel shows a row's content: the original client makes no second call.
    reads: ['results', 'results.0.content', 'results.4.content'],
    run: async () => ({ token: demoToken, live: { searchType: '', size: 5 } }),
  },
  {
    call: 'getMallNotice',
    what: 'detail',
    codes: [200],
    reads: ['results'],
    run: async () => {
      const list = await send('getMallNotice', specPayload('getMallNotice'));
      return { payload: { seq: (list.body.results as { seq: number }[])[0]!.seq } };
    },
  },
  {
    call: 'getMallCartInfo',
    codes: [200],
    reads: ['results'],
    run: async () => ({ token: (await buyer('장바구니')).token }),
  },
  {
    call: 'updateCartQuantity',
    codes: [201],
    reads: ['code'],
    run: async () => {
      const b = await buyer('수량');
      return { token: b.token, live: { seq: b.cartSeq, qty: 2 } };
    },
  },
  { call: 'getDeliInfo', codes: [200], reads: ['results'], run: member },
  { call: 'getMyShippingInfo', codes: [200], reads: ['code', 'results', 'total'], run: member },
  {
    call: 'setMallShppingInfo',
    what: 'new',
    codes: [200, 201],
    reads: ['message'],
    run: async () => ({ token: (await fresh('배송지')).token }),
  },
  ...(['setMallShppingInfo', 'setMallShippingBasic', 'stateShippingInfo'] as const).map((id): Row => ({
    call: id,
    what: 'an address row of the list',
    codes: [200, 201],
    reads: ['message'],
    run: async () => {
      const { token } = await fresh('주소줄');
      // Two addresses: the first saved is the default, the original client offers the other one.
      await send('setMallShppingInfo', specPayload('setMallShppingInfo'), token);
      await send('setMallShppingInfo', specPayload('setMallShppingInfo', { name: '이영희' }), token);
      const list = await send('getMyShippingInfo', specPayload('getMyShippingInfo'), token);
      const row = (list.body.results as Record<string, unknown>[]).find((r) => String(r.basic) !== 'true')!;
      // The row as the list gave it, with the original fields of an address item only.
      const keys = Object.keys(CALLS.setMallShippingBasic.example);
      return { token, payload: Object.fromEntries(keys.map((k) => [k, row[k]])) };
    },
  })),
  {
    call: 'updateMyInfo',
    codes: [201],
    reads: ['results.token', 'results.userInfo'],
    run: async () => {
      const { c, token } = await fresh('내정보');
      return { token, live: { seq: c.main.seq, phone: randomPhone(), mail: c.main.id } };
    },
  },
  {
    call: 'updateMyPassword',
    codes: [200, 201],
    reads: ['message'],
    run: async () => ({ token: (await fresh('비밀번호')).token, live: { opw: 'pass1234' } }),
  },
  {
    call: 'updateMyCompanyInfo',
    codes: [200, 201],
    reads: ['message'],
    run: async () => {
      const { c, token } = await fresh('회사');
      return { token, live: { license: c.license } };
    },
  },
  { call: 'getMallOrderInfo', codes: [200], reads: ['results', 'total'], run: member },
  { call: 'getMallMemberInfo', codes: [200], reads: ['results', 'total'], run: member },
  {
    call: 'setMallMemberInfo',
    codes: [200, 201],
    reads: ['message'],
    run: async () => {
      const phone = randomPhone();
      return {
        token: (await fresh('부계정')).token,
        live: { id: `s${phone.slice(-6)}@hanbit.kr`, phone, mail: `s${phone.slice(-6)}@hanbit.kr` },
      };
    },
  },
  ...(['setMallMemberType', 'stateMemberInfo', 'initMallMemberPw'] as const).map((id): Row => ({
    call: id,
    what: 'the member row of the list',
    codes: [200, 201],
    reads: id === 'initMallMemberPw' ? ['message', 'results'] : ['message'],
    run: async () => {
      const { c, token } = await fresh('계정줄');
      const list = await send('getMallMemberInfo', specPayload('getMallMemberInfo'), token);
      const row = (list.body.results as { seq: number }[]).find((r) => r.seq === c.subs[0]!.seq)!;
      // The original client sends the row as the list gave it.
      return { token, payload: { ...row } };
    },
  })),
  {
    call: 'showCashPaymentWinow',
    codes: [200, 201],
    reads: ['results.online_url'],
    run: async () => ({ token: (await fresh('충전')).token }),
  },
  {
    call: 'showLicensePaymentWinow',
    codes: [200, 201],
    reads: ['results.online_url'],
    run: async () => ({ token: (await fresh('이용권')).token }),
  },
  { call: 'mallCashPaymentInfo', codes: [200], reads: ['results', 'total'], run: member },
  { call: 'mallLicensePaymentInfo', codes: [200], reads: ['results', 'total'], run: member },
  // The original client's cleared dates are null: the whole list.
  ...(['getMallOrderInfo', 'mallCashPaymentInfo', 'mallLicensePaymentInfo'] as const).map((id): Row => ({
    call: id,
    what: 'cleared dates (null)',
    codes: [200],
    reads: ['results', 'total'],
    run: async () => ({ token: demoToken, live: { startDate: null, endDate: null, searchType: '' } }),
  })),
  {
    call: 'updateSecurityNumber',
    codes: [201],
    reads: ['results.securityNum'],
    run: async () => ({ token: (await fresh('보안')).token }),
  },
  {
    call: 'WithdrawMember',
    codes: [201],
    reads: ['code'],
    run: async () => {
      const { c, token } = await fresh('탈퇴');
      return { token, live: { userName: c.main.name } };
    },
  },
  { call: 'initEpc', codes: [200], reads: ['code', 'results', 'total'], run: member },
  { call: 'getUserSearchHistory', codes: [200], reads: ['code', 'results.data'], run: member },
  {
    call: 'getCarsVinEx',
    codes: [200],
    reads: ['code', 'results.data', 'results.brand_code', 'results.mcid'],
    run: member,
  },
  {
    call: 'getCarsGroupEx',
    codes: [200],
    reads: ['code', 'results'],
    run: async () => ({ token: demoToken, live: { mcid: (await vehicle()).mcid, brand: (await vehicle()).brand } }),
  },
  {
    call: 'getCarsConfigEx',
    codes: [200],
    reads: ['code', 'results.main_data'],
    run: async () => ({ token: demoToken, live: { brand_code: (await vehicle()).brand } }),
  },
  {
    call: 'getCarsStructureEx',
    codes: [200],
    reads: ['code', 'results'],
    run: async () => {
      const v = await vehicle();
      return { token: demoToken, live: { mcid: v.mcid, brand: v.brand, num: v.num } };
    },
  },
  {
    call: 'getCarsPartsEx',
    codes: [200],
    reads: [
      'code',
      'results.part_detail',
      'results.img_path',
      'results.img_points',
      'results.pctWidth',
      'results.pctHeight',
    ],
    run: async () => {
      const v = await vehicle();
      return { token: demoToken, live: { mcid: v.mcid, brand: v.brand, num: v.num, mid: v.mid, subgroup: v.subgroup } };
    },
  },
  {
    call: 'getCarsSearchHotKey',
    codes: [200],
    reads: ['code', 'results.childGroupInfo', 'results.subGroupInfo.mid', 'results.partInfo', 'results.partDetailInfo'],
    run: async () => {
      const v = await vehicle();
      return { token: demoToken, live: { mcid: v.mcid, brand: v.brand, searchHotKey: v.pid.slice(0, 4) } };
    },
  },
  {
    call: 'getCarsReplace',
    codes: [200],
    reads: ['code', 'results.data'],
    run: async () => ({ token: demoToken, live: { pid: (await vehicle()).pid, brand_code: (await vehicle()).brand } }),
  },
  { call: 'searchParts', codes: [200], reads: ['code', 'results'], run: member },
];

/** The demo test VIN opened by the original getCarsVinEx, and the first group, subgroup and part of its catalogue. */
let opened: Promise<{ mcid: string; brand: string; num: string; mid: string; subgroup: string; pid: string }> | null =
  null;
function vehicle() {
  opened ??= (async () => {
    const vin = await send('getCarsVinEx', specPayload('getCarsVinEx'), demoToken);
    const { mcid, brand_code: brand } = vin.body.results as { mcid: string; brand_code: string };
    const groups = await send('getCarsGroupEx', specPayload('getCarsGroupEx', { mcid, brand }), demoToken);
    const num = (groups.body.results as { num: string }[])[0]!.num;
    const subs = await send('getCarsStructureEx', specPayload('getCarsStructureEx', { mcid, brand, num }), demoToken);
    // A subgroup without children holds parts.
    const sub = (subs.body.results as { mid: string; subgroup: string; has_child: number }[]).find(
      (g) => g.has_child === 0,
    )!;
    const parts = await send(
      'getCarsPartsEx',
      specPayload('getCarsPartsEx', { mcid, brand, num, mid: sub.mid, subgroup: sub.subgroup }),
      demoToken,
    );
    const pid = (parts.body.results as { part_detail: { pid: string }[] }).part_detail.find((p) => p.pid)!.pid;
    return { mcid, brand, num, mid: sub.mid, subgroup: sub.subgroup, pid };
  })();
  return opened;
}

describe('the original API: each call with its original payload', () => {
  it.each(
    rows.map((r) => [`${CALLS[r.call].method} ${CALLS[r.call].path}${r.what ? ` (${r.what})` : ''}`, r] as const),
  )('%s', async (_name, row) => {
    const { token, live, payload } = await row.run();
    const body = payload ?? specPayload(row.call, live);
    const res = await send(row.call, body, token);
    expect(row.codes, `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toContain(res.body.code);
    expectFields(res.body, row.reads);
  });
});

describe('the original API: the chat uploads (multipart imgFiles, headers carry the token and the target user)', () => {
  it.each([
    ['uploadChatFile', false],
    ['uploadChatFiles', true],
  ] as const)('POST %s', async (id, staff) => {
    const customer = await fresh('사진');
    const token = staff ? await tokenFor(server, await memberIdOf(server, 'staff@partsmall.kr')) : customer.token;
    const form = new FormData();
    form.append(CALLS[id].upload.field, new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'photo.png');
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (staff) headers.targetuser = encodeURIComponent(String(customer.c.main.seq));
    const res = await fetch(`${server.base}${CALLS[id].path}`, { method: 'POST', headers, body: form });
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code, JSON.stringify(body)).toBe(201);
    expect(body.message).toEqual(expect.any(String));
  });
});

describe('the original API: the trade socket', () => {
  const CLIENT_INFO = [
    'carts',
    'buys',
    'licenseValidDays',
    'memberLicense',
    'memberPoint',
    'userSearchVinCount',
    'userInfo',
    'token',
  ];
  async function openTrade(token: string) {
    const socket = tradeSocket(server, token);
    open.push(socket);
    return socket;
  }

  it('requestClientBaseInfo (no payload) → toClientBaseInfo { code, result }', async () => {
    const socket = await openTrade(demoToken);
    const info = nextEvent<{ code: number; result: Record<string, unknown> }>(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    const answer = await info;
    expect(answer.code).toBe(200);
    expectFields(
      answer,
      CLIENT_INFO.map((f) => `result.${f}`),
    );
  });

  it('a bad token → toClientBaseInfo { code: 401 }', async () => {
    const socket = await openTrade('not-a-session');
    const info = nextEvent<{ code: number }>(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    expect((await info).code).toBe(401);
  });

  it('addToCart (the buy or cart form) → addToCartCallBack { code: 201, message }', async () => {
    const { token } = await fresh('소켓담기');
    const product = await makeProduct(server, { tiers: [5_000, 5_000, 5_000, 5_000], salePrice: 5_000, stock: 9 });
    const socket = await openTrade(token);
    const answer = nextEvent<{ code: number; message: string }>(socket, 'addToCartCallBack');
    socket.emit('addToCart', specPayload('addToCart', { productId: product.id, price: 5_000, originHasAmount: 9 }));
    const a = await answer;
    expect(a.code).toBe(201);
    expectFields(a, ['code', 'message']);
  });

  it('stateCartItem (delete) → stateToCartCallBack { code: 201, message }', async () => {
    const b = await buyer('소켓삭제');
    const socket = await openTrade(b.token);
    const answer = nextEvent<{ code: number; message: string }>(socket, 'stateToCartCallBack');
    socket.emit('stateCartItem', { seq: b.cartSeq });
    const a = await answer;
    expect(a.code).toBe(201);
    expectFields(a, ['code', 'message']);
  });

  it('requestPaymentProduct (shippingInfo and carts) → paymentFinish { code: 201 }', async () => {
    const b = await buyer('소켓결제');
    const socket = await openTrade(b.token);
    const answer = nextEvent<{ code: number; message: string }>(socket, 'paymentFinish');
    socket.emit('requestPaymentProduct', specPayload('requestPaymentProduct', { carts: [{ seq: b.cartSeq, qty: 1 }] }));
    const a = await answer;
    expect(a.code, JSON.stringify(a)).toBe(201);
  });
});

describe('the original API: the chat socket', () => {
  const MESSAGE = [
    'sendMessage',
    'sendMessageType',
    'type',
    'fileList',
    'sendUserId',
    'sendUserAccount',
    'sendUserName',
    'created',
    'room',
  ];
  const staffToken = async () => tokenFor(server, await memberIdOf(server, 'staff@partsmall.kr'));
  async function connect(token: string) {
    const socket = await openChat(server, token);
    open.push(socket);
    return socket;
  }

  it('userMessage { sendMessage, sendMessageType, type } → messageToAdmin at staff', async () => {
    const { c, token } = await fresh('채팅');
    const customer = await connect(token);
    const staff = await connect(await staffToken());
    const seen = waitFor<Record<string, unknown>>(staff, 'messageToAdmin', (m) => m.sendMessage === '스펙 문의입니다');
    customer.emit('userMessage', { sendMessage: '스펙 문의입니다', sendMessageType: 'string', type: 'text' });
    const m = await seen;
    expectFields(m, MESSAGE);
    expect(m.sendUserId).toBe(c.main.seq);
  });

  it('adminMessage (adds targetUser) → messageToUser at the customer', async () => {
    const { c, token } = await fresh('답변');
    const customer = await connect(token);
    const staff = await connect(await staffToken());
    const seen = waitFor<Record<string, unknown>>(
      customer,
      'messageToUser',
      (m) => m.sendMessage === '스펙 답변입니다',
    );
    staff.emit('adminMessage', {
      sendMessage: '스펙 답변입니다',
      sendMessageType: 'string',
      type: 'text',
      targetUser: c.main.seq,
    });
    expectFields(await seen, MESSAGE);
  });

  it('oldMessageRequest { page: 1, size: 50 } and oldMessageAdminRequest (adds targetUser) → oldChatList', async () => {
    const { c, token } = await fresh('기록');
    const customer = await connect(token);
    const mine = waitFor<unknown>(customer, 'oldChatList');
    customer.emit('oldMessageRequest', { page: 1, size: 50 });
    expect(await mine).toBeDefined();
    const staff = await connect(await staffToken());
    const theirs = waitFor<unknown>(staff, 'oldChatList');
    staff.emit('oldMessageAdminRequest', { page: 1, size: 50, targetUser: c.main.seq });
    expect(await theirs).toBeDefined();
  });

  it('staff connect → usersToAdmin; updateReadStatus { user } is taken without a refusal', async () => {
    const { c } = await fresh('읽음');
    const staff = chatSocket(server, await staffToken());
    open.push(staff);
    const users = waitFor<{ users: Record<string, unknown>[] }>(staff, 'usersToAdmin');
    const list = await users;
    for (const u of list.users.slice(0, 3))
      expectFields(u, ['id', 'seq', 'name', 'phone', 'companyName', 'onlineStatus', 'newChat']);
    const refusals: unknown[] = [];
    staff.on('chatError', (e) => refusals.push(e));
    staff.emit('updateReadStatus', { user: c.main.seq });
    // A round trip after it: the history request answers only once the read status was handled.
    const after = waitFor<unknown>(staff, 'oldChatList');
    staff.emit('oldMessageAdminRequest', { page: 1, size: 50, targetUser: c.main.seq });
    await after;
    expect(refusals).toEqual([]);
  });
});
