import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG_CHAT, type ChatMessage } from '@partsmall/contract';
import { chatMessages } from '../../src/db/schema.js';
import { type TestServer } from '../helpers.js';
import { clientId, newCustomer } from '../chat-helpers.js';
import { png } from '../chat-images.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * A retried upload (the same x-client-message-id, e.g. after a phone lost the answer) is answered
 * with the stored message as a resent text is (docs/requirements.md#chat), and uses none of the 20
 * upload requests a minute: a retry at the limit is not refused, and retries leave the limit to
 * new pictures.
 */
let server: TestServer;
let staffToken: string;
withStaffServer((s, token) => ([server, staffToken] = [s, token]));

async function upload(path: 'uploadChatFile' | 'uploadChatFiles', token: string, headers: Record<string, string>) {
  const form = new FormData();
  form.append('imgFiles', new Blob([new Uint8Array(await png(12, 10))], { type: 'image/png' }), '브레이크패드.png');
  const res = await fetch(`${server.base}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: form,
  });
  const body = (await res.json()) as { code: number; message: string; results?: ChatMessage };
  return { code: body.code, message: body.message, seq: body.results?.seq };
}

/** An upload request without a picture (400): it uses one of the minute's upload requests. */
async function emptyUpload(token: string, headers: Record<string, string>) {
  const res = await fetch(`${server.base}/uploadChatFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: new FormData(),
  });
  return ((await res.json()) as { code: number }).code;
}

const storedBy = async (memberId: number) =>
  Number((await server.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.senderId, memberId)))[0]!.n);

describe('a retried chat upload', () => {
  it("is answered with the stored message at the minute's limit, without using a request of it", async () => {
    const c = await newCustomer(server, '재시도');
    const office = { 'x-forwarded-for': '203.0.113.70' };
    const id = clientId();
    const first = await upload('uploadChatFile', c.token, { ...office, 'x-client-message-id': id });
    expect([first.code, first.message]).toEqual([201, MSG_CHAT.sent]);

    // Three retries of it: the same message each time, nothing stored again.
    for (let i = 0; i < 3; i++)
      expect(await upload('uploadChatFile', c.token, { ...office, 'x-client-message-id': id })).toEqual({
        code: 201,
        message: MSG_CHAT.sent,
        seq: first.seq,
      });
    // The retries used none of the minute's 20 requests: 19 more still go in (400: no picture).
    const codes: number[] = [];
    for (let i = 0; i < 19; i++) codes.push(await emptyUpload(c.token, office));
    expect(codes).toEqual(Array(19).fill(400));
    // At the limit a new picture waits; a retry of the stored one is still answered with it.
    expect((await upload('uploadChatFile', c.token, office)).code).toBe(429);
    expect(await upload('uploadChatFile', c.token, { ...office, 'x-client-message-id': id })).toEqual({
      code: 201,
      message: MSG_CHAT.sent,
      seq: first.seq,
    });
    expect(await storedBy(c.seq)).toBe(1);
  });

  it("staff's retry to a customer is answered the same way; the same id to another customer is a new picture", async () => {
    const a = await newCustomer(server, '재시도직원A');
    const b = await newCustomer(server, '재시도직원B');
    const id = clientId();
    const first = await upload('uploadChatFiles', staffToken, { targetuser: String(a.seq), 'x-client-message-id': id });
    expect(first.code).toBe(201);
    expect(
      await upload('uploadChatFiles', staffToken, { targetuser: String(a.seq), 'x-client-message-id': id }),
    ).toEqual({ code: 201, message: MSG_CHAT.sent, seq: first.seq });
    const other = await upload('uploadChatFiles', staffToken, { targetuser: String(b.seq), 'x-client-message-id': id });
    expect(other.code).toBe(201);
    expect(other.seq).not.toBe(first.seq);
  });
});
