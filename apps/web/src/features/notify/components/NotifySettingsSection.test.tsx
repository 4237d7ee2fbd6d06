// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotifySettings, UserInfo } from '@partsmall/contract';
import { session } from '../../../shared/session';
import { NotifySettingsSection } from './NotifySettingsSection';
import { renderScreen } from '../../../../test/render-screen';
import { companyAccount } from '../../../../test/api-mock';

/**
 * '알림 설정' (docs/requirements.md#notifications): what the server sends is shown as far as the web
 * knows it, the phone as the shop writes phones, and each scope says whose settings these are.
 */

/**
 * Renders the section for `user`, the server answering with the settings of an account following the
 * company's default, 발송 완료 only, with the fields given (which may name an event the web does not know).
 */
function renderWith(user: UserInfo, over: Partial<Record<keyof NotifySettings, unknown>> = {}) {
  const settings = {
    scope: 'default',
    events: ['shipped'],
    phone: null,
    accountPhone: '01099997777',
    choices: ['shipped'],
    companyEvents: ['shipped'],
    ...over,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 200, message: '정상', results: settings, total: 0 }), { status: 200 }),
    ),
  );
  session.login('tok-nt', user);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderScreen(<NotifySettingsSection head={(title) => <h2>{title}</h2>} />, client);
}

afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

describe('알림 설정', () => {
  it('an event the web does not know (a tab open across a deploy) is left out; the rest shows', async () => {
    renderWith(companyAccount(0), {
      scope: 'company',
      events: ['orderPaid', 'futureEvent'],
      choices: ['orderPaid', 'futureEvent', 'shipped'],
      companyEvents: ['orderPaid', 'futureEvent'],
    });
    expect(await screen.findByLabelText('주문 결제 완료')).toBeTruthy();
    expect(screen.getByLabelText('발송 완료')).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.queryByText('알림 설정을 불러오지 못했습니다.')).toBeNull();
    expect(screen.queryByText('페이지를 불러오지 못했습니다.')).toBeNull();
  });

  it("the phone hint writes the account's phone with hyphens, as 계정 관리 does", async () => {
    renderWith(companyAccount(1), { accountPhone: '01099997777' });
    expect(await screen.findByText('비워 두면 계정의 연락처(010-9999-7777)로 보냅니다.')).toBeTruthy();
  });

  it("another main account is told its settings are its own and who sets the company's default", async () => {
    renderWith(companyAccount(0), { choices: ['orderPaid', 'shipped', 'cashCredited'] });
    expect(
      await screen.findByText(
        '회사 기본값은 가장 먼저 등록된 대표계정의 설정입니다. 지금은 그 설정을 따르고 있으며, 저장하면 이 계정만의 설정이 됩니다.',
      ),
    ).toBeTruthy();
    // Money events are a main account's: no note that they go to the main account only.
    expect(screen.queryByText('캐시 충전, 무통장 입금, 이용권 만료 알림은 대표계정에만 보냅니다.')).toBeNull();
  });
});
