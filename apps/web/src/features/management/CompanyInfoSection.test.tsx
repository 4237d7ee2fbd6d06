// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG_MEMBER } from '@partsmall/contract';
import { session } from '../../shared/session';
import { CompanyInfoSection } from './CompanyInfoSection';
import { renderScreen } from '../../../test/render-screen';
import { companyAccount } from '../../../test/api-mock';

/**
 * 회사 정보 with its 세금계산서 fields (docs/requirements.md#paperwork-screens): the main account edits
 * 업태, 종목, invoice mail and 발행 방식 under the contract's rules; a sub-account reads them.
 */

/** The company's 세금계산서 fields, beside the rest of the demo company's details. */
const INVOICE = {
  bizType: '도소매',
  bizItem: '자동차 부품',
  invoiceMail: 'tax@saebyeol.kr',
  invoiceMode: 'monthly',
} as const;
const userOf = (type: 0 | 1) => companyAccount(type, INVOICE);

let sent: { url: string; body: Record<string, unknown> }[];
beforeEach(() => {
  sent = [];
  // The postcode widget is the outside world's: a stand-in that never draws.
  vi.stubGlobal('daum', { Postcode: function Postcode() {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return new Response(
        JSON.stringify({ code: 201, message: '수정되었습니다.', results: { userInfo: userOf(0) }, total: 0 }),
        { status: 200 },
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

function renderAs(type: 0 | 1) {
  session.login('tok-co', userOf(type));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderScreen(<CompanyInfoSection />, client);
}

const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

describe('company info with its invoice fields', () => {
  it('the main account sees them filled in and saves a change with the rest of the company', async () => {
    renderAs(0);
    expect((screen.getByLabelText('업태') as HTMLInputElement).value).toBe('도소매');
    expect((screen.getByLabelText('종목') as HTMLInputElement).value).toBe('자동차 부품');
    expect((screen.getByLabelText('세금계산서 받을 메일') as HTMLInputElement).value).toBe('tax@saebyeol.kr');
    expect((screen.getByLabelText('발행 방식') as HTMLSelectElement).value).toBe('monthly');
    expect(screen.getByText('매월 1일, 지난달 출고분을 한 장으로 (10일 이내)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('발행 방식'), { target: { value: 'order' } });
    fireEvent.change(screen.getByLabelText('업태'), { target: { value: '도매' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/api/updateMyCompanyInfo');
    expect(sent[0]!.body).toMatchObject({
      license: '1234567891',
      bizType: '도매',
      bizItem: '자동차 부품',
      invoiceMail: 'tax@saebyeol.kr',
      invoiceMode: 'order',
    });
  });

  it("refuses an invoice mail of the wrong shape with the contract's message and sends nothing", async () => {
    renderAs(0);
    const mail = screen.getByLabelText('세금계산서 받을 메일');
    fireEvent.change(mail, { target: { value: 'tax-at-saebyeol' } });
    fireEvent.blur(mail);
    await settle();
    expect(screen.getByText(MSG_MEMBER.invoiceMail)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await settle();
    expect(sent).toEqual([]);
  });

  it('a sub-account reads the details, the invoice fields among them, with nothing to save', () => {
    renderAs(1);
    const facts = screen.getByTestId('company-facts').textContent;
    expect(facts).toContain('123-45-67891');
    expect(facts).toContain('도소매');
    expect(facts).toContain('tax@saebyeol.kr');
    expect(facts).toContain('월합계 발행');
    expect(screen.getByText('회사 정보는 대표계정만 바꿀 수 있습니다.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '저장' })).toBeNull();
    expect(screen.queryByLabelText('업태')).toBeNull();
  });
});
