import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@partsmall/contract';
import { chatMessages } from '../../src/db/schema.js';
import { call, type TestServer } from '../helpers.js';
import { newCustomer } from '../chat-helpers.js';
import { png } from '../chat-images.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * The chat's HTTP edges a browser's FormData cannot reach (docs/requirements.md#chat): a picture's
 * file name is the bytes the sender wrote, and one that is not UTF-8 is refused as a name with
 * control characters is, never stored with replacement characters; staff asking for a QR login code
 * are told what it is for (docs/requirements.md#qr-login).
 */
let server: TestServer;
let staffToken: string;
withStaffServer((s, token) => ([server, staffToken] = [s, token]));

/** A multipart upload of one picture whose file name is `name`, byte for byte. */
async function uploadNamed(token: string, name: Buffer) {
  const boundary = '----partsmall-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="imgFiles"; filename="`),
    name,
    Buffer.from('"\r\nContent-Type: image/png\r\n\r\n'),
    await png(12, 10),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${server.base}/uploadChatFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const answer = (await res.json()) as { code: number; message: string; results?: ChatMessage };
  return {
    status: res.status,
    code: answer.code,
    message: answer.message,
    names: answer.results?.fileList.map((f) => f.name),
  };
}

const storedBy = async (memberId: number) =>
  Number((await server.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.senderId, memberId)))[0]!.n);

describe("a picture's file name as bytes", () => {
  it('a UTF-8 name is kept as written', async () => {
    const c = await newCustomer(server, '파일이름정상');
    const res = await uploadNamed(c.token, Buffer.from('브레이크패드 앞.png', 'utf8'));
    expect([res.code, res.names]).toEqual([201, ['브레이크패드 앞.png']]);
  });

  it.each([
    ['two bytes that are no UTF-8', Buffer.from([0x61, 0xff, 0xfe, 0x62, 0x2e, 0x70, 0x6e, 0x67])],
    ['a Hangul letter cut after its first byte', Buffer.concat([Buffer.from([0xeb]), Buffer.from('.png')])],
    ['an overlong slash', Buffer.concat([Buffer.from('a'), Buffer.from([0xc0, 0xaf]), Buffer.from('b.png')])],
  ])('%s: refused with its message, nothing stored', async (_what, name) => {
    const c = await newCustomer(server, '파일이름깨짐');
    const res = await uploadNamed(c.token, name);
    expect([res.status, res.code, res.message]).toEqual([400, 400, '파일 이름이 올바르지 않습니다.']);
    expect(await storedBy(c.seq)).toBe(0);
  });
});

describe('a QR login code asked for by staff', () => {
  it('is refused with what the QR login is for, not the generic refusal', async () => {
    const res = await call(server, 'qrcodeLoginCode', {}, { token: staffToken });
    expect([res.status, res.body.message]).toEqual([
      403,
      '회원 계정으로 로그인한 화면에서만 QR 로그인을 사용할 수 있습니다.',
    ]);
  });
});
