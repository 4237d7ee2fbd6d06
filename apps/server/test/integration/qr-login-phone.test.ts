import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CHAT, type QrLoginCode } from '@partsmall/contract';
import { rateEvents } from '../../src/db/schema.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { newCustomer } from '../chat-helpers.js';

/**
 * The QR login as a phone uses it (docs/requirements.md#qr-login): the QR code holds the address of the shop's mobile
 * login with the one-time code, so a camera app can open it; a short code the desktop shows can be
 * typed instead; the original `api/qrcodeLogin { token }` takes the code, the scanned address or the
 * short code, each once for the same login.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function issue(label: string): Promise<QrLoginCode> {
  const c = await newCustomer(server, label);
  const r = await call(server, 'qrcodeLoginCode', {}, { token: c.token });
  expect(r.body.code).toBe(201);
  return r.body.results!;
}

/** The original payload, exactly: `{ token }`, from an address of its own (the short-code cap is per address). */
const redeem = (token: string, address: string) =>
  call(server, 'qrcodeLogin', { token }, { headers: { 'x-forwarded-for': address } });

describe('QR login on a phone', () => {
  it('with PUBLIC_URL set, the code comes with the mobile login address carrying it, and a short code', async () => {
    const config = server.ctx!.config as { publicUrl: string; publicUrlSet: boolean };
    const saved = { ...config };
    Object.assign(config, { publicUrl: 'https://shop.example.kr', publicUrlSet: true });
    try {
      const issued = await issue('큐알주소');
      expect(issued.loginUrl).toBe(`https://shop.example.kr/mobileLogin?qr=${issued.code}`);
      expect(issued.shortCode).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
    } finally {
      Object.assign(config, saved);
    }
    // Without PUBLIC_URL the page builds the address from its own origin: no address in the answer.
    const plain = await issue('큐알원점');
    expect(plain.loginUrl).toBeUndefined();
    expect(plain.shortCode).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
  });

  it('the scanned address posted as token logs the phone in once', async () => {
    const issued = await issue('큐알스캔');
    const url = `${server.base}/mobileLogin?qr=${issued.code}`;
    const first = await redeem(url, '203.0.113.10');
    expect([first.status, first.body.message]).toEqual([200, MSG_CHAT.qrLoginDone]);
    expect(first.body.results!.token).toMatch(/\S{20,}/);
    const again = await redeem(issued.code, '203.0.113.10');
    expect([again.status, again.body.message]).toEqual([400, MSG_CHAT.qrLoginFailed]);
  });

  it('the short code, typed in lower case with a hyphen, logs in once; the QR code of that login is spent with it', async () => {
    const issued = await issue('큐알코드');
    const typed = `${issued.shortCode!.slice(0, 4)}-${issued.shortCode!.slice(4)}`.toLowerCase();
    const first = await redeem(` ${typed} `, '203.0.113.20');
    expect([first.status, first.body.message]).toEqual([200, MSG_CHAT.qrLoginDone]);
    expect((await redeem(issued.shortCode!, '203.0.113.20')).status).toBe(400);
    expect((await redeem(issued.code, '203.0.113.20')).status).toBe(400);
  });

  it('a QR login spends its short code too', async () => {
    const issued = await issue('큐알먼저');
    expect((await redeem(issued.code, '203.0.113.30')).status).toBe(200);
    const late = await redeem(issued.shortCode!, '203.0.113.30');
    expect([late.status, late.body.message]).toEqual([400, MSG_CHAT.qrLoginFailed]);
  });

  it('short-code tries are capped per address: the 11th within 10 minutes is refused even when right; another address still gets in', async () => {
    const issued = await issue('큐알추측');
    const wrong = issued.shortCode!.startsWith('Z') ? 'YYYYYYYY' : 'ZZZZZZZZ';
    for (let i = 0; i < 10; i++) expect((await redeem(wrong, '203.0.113.40')).status).toBe(400);
    const capped = await redeem(issued.shortCode!, '203.0.113.40');
    expect([capped.status, capped.body.message]).toEqual([429, MSG_CHAT.qrCodeTooMany]);
    const elsewhere = await redeem(issued.shortCode!, '203.0.113.41');
    expect(elsewhere.status).toBe(200);
    // The 64-character QR code is not capped by the short-code counter.
    expect((await server.db.select().from(rateEvents).where(eq(rateEvents.key, 'qrshort:203.0.113.40'))).length).toBe(
      10,
    );
  });

  it('an address without a code or with a broken one, and malformed short codes, are refused with the one message', async () => {
    const issued = await issue('큐알거절');
    for (const token of [
      `${server.base}/mobileLogin`,
      `${server.base}/mobileLogin?qr=${issued.code.slice(1)}`,
      'http://[broken',
      'ABCD-EFG',
      'ABCD-EFGH1',
      'ABCD-EFG0',
      '한글코드입니다',
    ]) {
      const r = await redeem(token, '203.0.113.50');
      expect([token, r.status, r.body.message]).toEqual([token, 400, MSG_CHAT.qrLoginFailed]);
    }
  });
});
