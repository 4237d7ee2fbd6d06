import { describe, expect, it, vi } from 'vitest';
import { memberUser, resetApiClientPerTest, stubFetch } from '../../test/api-mock';
import { ApiError, TokenExpiredError, apiFile, filenameOf, setUnauthorizedHandler } from './api';
import { session } from './session';

/**
 * The file calls (거래명세서 PDF, 캐시 원장 CSV; docs/requirements.md#paperwork-screens): the token
 * travels in the Authorization header, never in the address; a refusal is the server's Korean message.
 */
const user = memberUser({
  seq: 3,
  id: 'owner@gaon.kr',
  name: '김가온',
  phone: '01055550001',
  mail: 'owner@gaon.kr',
  companyId: 9,
  companyName: '가온모터스',
});

const answer = (res: () => Response) => stubFetch(res);

resetApiClientPerTest();

describe('apiFile', () => {
  it('GETs the file with the bearer token in the header and the named file back', async () => {
    session.login('tok-file-7', user);
    const fetch = answer(
      () =>
        new Response('%PDF-1.7 statement', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `inline; filename="statement-41.pdf"; filename*=UTF-8''statement-41.pdf`,
          },
        }),
    );
    const file = await apiFile('orderStatement', { seq: 41 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/orderStatement?seq=41');
    expect(url).not.toContain('tok-file-7');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-file-7');
    expect(file.filename).toBe('statement-41.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7 statement');
  });

  it('leaves an unset period out of the query', async () => {
    session.login('tok-file-8', user);
    const fetch = answer(
      () => new Response('\uFEFF일시,구분', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    await apiFile('cashLedgerExport', { format: 'csv', startDate: undefined, endDate: undefined });
    expect(fetch.mock.calls[0]![0]).toBe('/api/cashLedgerExport?format=csv');
  });

  it("throws the server's Korean message of a refusal (another company's order)", async () => {
    session.login('tok-file-9', user);
    answer(
      () =>
        new Response(JSON.stringify({ code: 404, message: '주문 정보를 찾을 수 없습니다.', results: null }), {
          status: 404,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        }),
    );
    const error = await apiFile('orderStatement', { seq: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('주문 정보를 찾을 수 없습니다.');
    expect((error as ApiError).status).toBe(404);
  });

  it('a 401 with a token ends the session and says so', async () => {
    session.login('tok-file-10', user);
    vi.stubGlobal('location', { pathname: '/management/monthlyStatement', search: '' });
    const gone = vi.fn();
    setUnauthorizedHandler(gone);
    answer(() => new Response(JSON.stringify({ code: 401, message: '' }), { status: 401 }));
    await expect(apiFile('orderStatement', { seq: 5 })).rejects.toBeInstanceOf(TokenExpiredError);
    expect(gone).toHaveBeenCalledTimes(1);
    expect(session.get().token).toBeFalsy();
    expect(session.get().expiredOn).toBe('/management/monthlyStatement');
  });
});

describe('filenameOf', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(filenameOf(`inline; filename="a.pdf"; filename*=UTF-8''%EC%9B%90%EC%9E%A5.pdf`, 'x')).toBe('원장.pdf');
    expect(filenameOf('attachment; filename="cash-ledger-2026-11-01.csv"', 'x')).toBe('cash-ledger-2026-11-01.csv');
    expect(filenameOf(`inline; filename*=UTF-8''%E0%A4%A`, 'fallback.pdf')).toBe('fallback.pdf');
    expect(filenameOf(null, 'document')).toBe('document');
  });
});
