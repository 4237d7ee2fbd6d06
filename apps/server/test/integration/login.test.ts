import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('login and logout', () => {
  it('logs the demo main account in with its company, cash and security number', async () => {
    const res = await call<{
      token: string;
      userInfo: { type: number; companyInfo: { point: number; level: string; securityNum: string } };
    }>(server, 'POST', 'api/login', { id: 'demo@partsmall.kr', pw: 'demo1234' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.results!.token.length).toBeGreaterThanOrEqual(22);
    expect(res.body.results!.userInfo.type).toBe(0);
    expect(res.body.results!.userInfo.companyInfo.point).toBe(5_000_000);
    expect(res.body.results!.userInfo.companyInfo.level).toBe('b');
    expect(res.body.results!.userInfo.companyInfo.securityNum).toMatch(/^\d{6}$/);
  });

  it('refuses a wrong password with a Korean message', async () => {
    const res = await call(server, 'POST', 'api/login', { id: 'other@partsmall.kr', pw: 'wrong-pass' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('아이디 또는 비밀번호가 일치하지 않습니다.');
  });

  it('revokes the token on logout: later calls and the trade socket get 401', async () => {
    const token = await loginAs(server, 'sub@partsmall.kr', 'demo1234');
    const socket = tradeSocket(server, token);
    const first = nextEvent<{ code: number }>(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    expect((await first).code).toBe(200);
    const kicked = nextEvent<{ code: number }>(socket, 'toClientBaseInfo');
    const out = await call(server, 'POST', 'api/logout', {}, token);
    expect(out.body.code).toBe(201);
    expect((await kicked).code).toBe(401);
    const again = await call(server, 'POST', 'api/logout', {}, token);
    expect(again.status).toBe(401);
    socket.close();
  });
});
