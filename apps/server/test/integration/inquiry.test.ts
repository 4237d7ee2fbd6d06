import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_SHOP } from '@partsmall/contract';
import { inquiries } from '../../src/db/schema.js';
import { loginAs, startTestServer, type TestServer } from '../helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  body: { code: number; message: string; field?: string };
}

let nextAddress = 1;
/**
 * Each test speaks from its own client address (the server trusts X-Forwarded-For), so that the
 * per-address limit of 10 an hour is only met where a test means to meet it.
 */
const newAddress = () => `198.51.100.${nextAddress++}`;

async function inquire(body: unknown, address: string, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': address };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.base}/api/registerInquiry`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function storedInquiries(): Promise<number> {
  const [row] = await server.db.select({ n: count() }).from(inquiries);
  return Number(row!.n);
}

const valid = { qnaType: 'partnership', phone: '01012345678', content: '부품 공동 구매 제휴를 제안드립니다.' };

describe('inquiry rules', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['type missing', { phone: valid.phone, content: valid.content }, 'qnaType', MSG_SHOP.inquiryType],
    ['type blank', { ...valid, qnaType: '' }, 'qnaType', MSG_SHOP.inquiryType],
    ['type unknown', { ...valid, qnaType: 'complaint' }, 'qnaType', MSG_SHOP.inquiryType],
    ['type Korean label instead of key', { ...valid, qnaType: '제휴 문의' }, 'qnaType', MSG_SHOP.inquiryType],
    ['type not a string', { ...valid, qnaType: 1 }, 'qnaType', MSG_SHOP.inquiryType],
    ['phone missing', { qnaType: valid.qnaType, content: valid.content }, 'phone', MSG_SHOP.inquiryPhone],
    ['phone 9 digits', { ...valid, phone: '021234567' }, 'phone', MSG_SHOP.inquiryPhone],
    ['phone 12 digits', { ...valid, phone: '010123456789' }, 'phone', MSG_SHOP.inquiryPhone],
    ['phone with letters', { ...valid, phone: '0101234abcd' }, 'phone', MSG_SHOP.inquiryPhone],
    ['phone with hyphens', { ...valid, phone: '010-1234-5678' }, 'phone', MSG_SHOP.inquiryPhone],
    ['phone as a number', { ...valid, phone: 1012345678 }, 'phone', MSG_SHOP.inquiryPhone],
    ['content missing', { qnaType: valid.qnaType, phone: valid.phone }, 'content', MSG_SHOP.inquiryContent],
    ['content 9 characters', { ...valid, content: '가'.repeat(9) }, 'content', MSG_SHOP.inquiryContent],
    ['content 201 characters', { ...valid, content: '가'.repeat(201) }, 'content', MSG_SHOP.inquiryContent],
    ['content of spaces only', { ...valid, content: ' '.repeat(20) }, 'content', MSG_SHOP.inquiryContent],
    [
      'content 9 characters padded with spaces',
      { ...valid, content: `   ${'나'.repeat(9)}   ` },
      'content',
      MSG_SHOP.inquiryContent,
    ],
  ];

  for (const [what, body, field, message] of cases) {
    it(`refuses ${what} with 400, the field and the Korean message, and stores nothing`, async () => {
      const before = await storedInquiries();
      const res = await inquire(body, newAddress());
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toBe(message);
      expect(await storedInquiries()).toBe(before);
    });
  }

  it('refuses a body that is not JSON or not an object with a Korean 400 and stores nothing', async () => {
    const before = await storedInquiries();
    for (const body of ['{"qnaType":', '"text"', '[]', 'null']) {
      const res = await inquire(body, newAddress());
      expect(res.status, body).toBe(400);
      expect(res.body.message).toMatch(/[가-힣]/);
    }
    const bad = await inquire('{"qnaType":', newAddress());
    expect(bad.body.message).toBe(MSG.badRequest);
    expect(await storedInquiries()).toBe(before);
  });
});

describe('registering an inquiry', () => {
  it('stores a valid inquiry: 201, the Korean message and exactly one row', async () => {
    const before = await storedInquiries();
    const res = await inquire({ ...valid, content: `  ${valid.content}  ` }, newAddress());
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(201);
    expect(res.body.message).toBe(MSG_SHOP.inquiryDone);
    expect(await storedInquiries()).toBe(before + 1);
    const [row] = await server.db.select().from(inquiries).orderBy(desc(inquiries.id)).limit(1);
    expect(row).toMatchObject({ qnaType: 'partnership', phone: '01012345678', content: valid.content, memberId: null });
  });

  it('accepts the edges: 10 and 11 digit phones, 10 and 200 character contents, advertising type', async () => {
    const before = await storedInquiries();
    const address = newAddress();
    for (const body of [
      { qnaType: 'advertising', phone: '0212345678', content: '가'.repeat(10) },
      { qnaType: 'advertising', phone: '01098765432', content: '나'.repeat(200) },
    ]) {
      const res = await inquire(body, address);
      expect(res.body.code).toBe(201);
    }
    expect(await storedInquiries()).toBe(before + 2);
  });

  it('records the member when a logged-in member sends it', async () => {
    const token = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
    const res = await inquire({ ...valid, qnaType: 'advertising' }, newAddress(), token);
    expect(res.body.code).toBe(201);
    const [row] = await server.db.select().from(inquiries).orderBy(desc(inquiries.id)).limit(1);
    expect(row!.memberId).not.toBeNull();
    expect(row!.qnaType).toBe('advertising');
  });

  it('takes 10 an hour from one address, then answers 429 in Korean and stores nothing more', async () => {
    const address = newAddress();
    const before = await storedInquiries();
    for (let i = 0; i < 10; i++) {
      const res = await inquire({ ...valid, content: `제휴 문의 ${i + 1}번째 내용입니다.` }, address);
      expect(res.body.code, `inquiry ${i + 1}`).toBe(201);
    }
    // A new text (the one of the first test again would be that inquiry, answered 201 as before).
    const over = await inquire({ ...valid, content: '제휴 문의 11번째 내용입니다.' }, address);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(429);
    expect(over.body.message).toBe(MSG_SHOP.inquiryTooMany);
    expect(await storedInquiries()).toBe(before + 10);
    // Another address is not held back.
    const other = await inquire({ ...valid, content: '다른 주소에서 보내는 제휴 문의입니다.' }, newAddress());
    expect(other.body.code).toBe(201);
    expect(await storedInquiries()).toBe(before + 11);
  });

  it('a retry of an inquiry already stored answers 201 after the hourly limit is met, and stores nothing', async () => {
    const address = newAddress();
    const first = { qnaType: 'partnership', phone: '01055554444', content: '제휴 문의 첫 번째 내용입니다.' };
    expect((await inquire(first, address)).body.code).toBe(201);
    for (let i = 2; i <= 10; i++)
      expect((await inquire({ ...first, content: `제휴 문의 ${i}번째 내용입니다.` }, address)).body.code).toBe(201);
    const before = await storedInquiries();
    // The first one again (a retried request): the inquiry already sent, not an eleventh.
    const retry = await inquire(first, address);
    expect([retry.status, retry.body.code, retry.body.message]).toEqual([200, 201, MSG_SHOP.inquiryDone]);
    expect(await storedInquiries()).toBe(before);
    // A new text is still the eleventh of the hour.
    const eleventh = await inquire({ ...first, content: '제휴 문의 11번째 내용입니다.' }, address);
    expect([eleventh.status, eleventh.body.message]).toEqual([429, MSG_SHOP.inquiryTooMany]);
    expect(await storedInquiries()).toBe(before);
  });

  it('the same inquiry sent twice at once (a double click) is stored once; another text, type or phone is another', async () => {
    const before = await storedInquiries();
    const same = { qnaType: 'partnership', phone: '01024681357', content: '두 번 눌러도 한 번만 접수되어야 합니다.' };
    const twice = await Promise.all([inquire(same, newAddress()), inquire(same, newAddress())]);
    expect(twice.map((r) => [r.body.code, r.body.message])).toEqual([
      [201, MSG_SHOP.inquiryDone],
      [201, MSG_SHOP.inquiryDone],
    ]);
    expect(await storedInquiries()).toBe(before + 1);
    for (const other of [
      { ...same, content: '두 번 눌러도 한 번만 접수되어야 합니다!' },
      { ...same, qnaType: 'advertising' },
      { ...same, phone: '01024681358' },
    ])
      expect((await inquire(other, newAddress())).body.code).toBe(201);
    expect(await storedInquiries()).toBe(before + 4);
  });

  it('the same text sent again after 10 minutes is a new inquiry', async () => {
    const same = {
      qnaType: 'advertising',
      phone: '01097531246',
      content: '광고 문의를 다시 드립니다. 확인 부탁드립니다.',
    };
    expect((await inquire(same, newAddress())).body.code).toBe(201);
    const before = await storedInquiries();
    // 9 minutes later: the same one.
    await server.db
      .update(inquiries)
      .set({ createdAt: new Date(Date.now() - 9 * 60_000) })
      .where(eq(inquiries.phone, same.phone));
    expect((await inquire(same, newAddress())).body.code).toBe(201);
    expect(await storedInquiries()).toBe(before);
    // 11 minutes later: a new one.
    await server.db
      .update(inquiries)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(inquiries.phone, same.phone));
    expect((await inquire(same, newAddress())).body.code).toBe(201);
    expect(await storedInquiries()).toBe(before + 1);
  });
});
