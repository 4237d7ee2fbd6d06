import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type ClientBaseInfoEvent } from '@partsmall/contract';
import { sessions } from '../../src/db/schema.js';
import { call, loginAs, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Opens the trade channel, asks for base info once and returns the answer. */
async function baseInfo(token: string | undefined): Promise<ClientBaseInfoEvent> {
  const socket = tradeSocket(server, token);
  try {
    const answer = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    return await answer;
  } finally {
    socket.close();
  }
}

describe('trade socket: requestClientBaseInfo', () => {
  it('answers the demo main account with its company cash, licence and user info', async () => {
    const token = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
    const event = await baseInfo(token);
    expect(event.code).toBe(200);
    const result = event.result!;
    expect(Object.keys(result).sort()).toEqual(
      [
        'buys',
        'carts',
        'licenseValidDays',
        'memberLicense',
        'memberPoint',
        'token',
        'userInfo',
        'userSearchVinCount',
      ].sort(),
    );
    expect(result.memberPoint).toBe(5_000_000);
    expect([29, 30]).toContain(result.licenseValidDays);
    expect(result.memberLicense).toBe(result.licenseValidDays);
    expect(result.token).toBe(token);
    expect(result.userInfo).toMatchObject({ id: 'demo@partsmall.kr', type: 0, companyName: '한빛수입차부품' });
    expect(result.userInfo.companyInfo).toMatchObject({ level: 'b', point: 5_000_000 });
    for (const n of [result.carts, result.buys, result.userSearchVinCount]) {
      expect(Number.isInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(0);
    }
  });

  it('a sub-account sees the same company cash and licence', async () => {
    const event = await baseInfo(await loginAs(server, 'sub@partsmall.kr', 'demo1234'));
    expect(event.code).toBe(200);
    expect(event.result!.memberPoint).toBe(5_000_000);
    expect([29, 30]).toContain(event.result!.licenseValidDays);
    expect(event.result!.userInfo.type).not.toBe(0);
  });

  it('another company sees its own cash and no licence', async () => {
    const event = await baseInfo(await loginAs(server, 'other@partsmall.kr', 'demo1234'));
    expect(event.result).toMatchObject({ memberPoint: 100_000, licenseValidDays: 0, memberLicense: 0 });
    expect(event.result!.userInfo.companyInfo).toMatchObject({ name: '대성모터스', level: 'd' });
  });

  it('staff have no company: zero cash and licence', async () => {
    const event = await baseInfo(await loginAs(server, 'staff@partsmall.kr', 'staff1234'));
    expect(event.code).toBe(200);
    expect(event.result).toMatchObject({ memberPoint: 0, licenseValidDays: 0 });
    expect(event.result!.userInfo).toMatchObject({ role: 'staff', companyInfo: null });
  });

  it('answers every request on an open socket, not just the first', async () => {
    const socket = tradeSocket(server, await loginAs(server, 'demo@partsmall.kr', 'demo1234'));
    try {
      for (let i = 0; i < 3; i++) {
        const answer = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
        socket.emit('requestClientBaseInfo');
        expect((await answer).code).toBe(200);
      }
    } finally {
      socket.close();
    }
  });

  it('answers a request sent the moment the socket connects, every time', async () => {
    const token = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
    const answers = await Promise.all(Array.from({ length: 20 }, () => baseInfo(token)));
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(200));
  });
});

describe('trade socket: bad tokens', () => {
  it.each([
    ['a made-up token', 'not-a-token'],
    ['no token', undefined],
    ['an oversized token', 'x'.repeat(10_000)],
  ])('%s gets {code: 401} and the socket is closed', async (_what, token) => {
    const socket = tradeSocket(server, token);
    const closed = nextEvent(socket, 'disconnect');
    const event = await nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
    expect(event).toEqual({ code: 401, message: MSG.tokenExpired });
    await closed;
    socket.close();
  });

  it('an expired session gets 401', async () => {
    const token = await loginAs(server, 'other@partsmall.kr', 'demo1234');
    await server.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const event = await baseInfo(token);
    expect(event.code).toBe(401);
    expect(event.result).toBeUndefined();
    expect((await call(server, 'logout', {}, { token })).status).toBe(401);
  });

  it('a session revoked while the socket is open answers 401 on the next request', async () => {
    const token = await loginAs(server, 'sub@partsmall.kr', 'demo1234');
    const socket = tradeSocket(server, token);
    try {
      const first = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      socket.emit('requestClientBaseInfo');
      expect((await first).code).toBe(200);
      // Revoked behind the hub's back (as another server instance would), not through logout.
      await server.db.update(sessions).set({ revokedAt: new Date() }).where(isNull(sessions.revokedAt));
      const second = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      socket.emit('requestClientBaseInfo');
      expect((await second).code).toBe(401);
    } finally {
      socket.close();
    }
  });
});
