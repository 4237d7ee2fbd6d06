// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALLS, standardDeliveryOptions, type WarehouseDeliveryOptions } from '@partsmall/contract';
import ConfigPage from './ConfigPage';
import { renderScreen } from '../../../test/render-screen';
import { jsonAnswer } from '../../../test/api-mock';

/**
 * A warehouse's delivery pay types (docs/requirements.md#shipping): 방문수령 is paid as 방문수령 only,
 * 화물, 택배 and 퀵배송 선불 or 착불. The form offers no other; one stored before the rule is shown
 * checked so that staff can take it off, and the save is refused under the method until they do.
 */
const korea: WarehouseDeliveryOptions = standardDeliveryOptions({ storageId: 1, stockName: '한국 김포물류센터' });
const { deliveryOptions: _none, ...fields } = CALLS.adminSaveConfig.example as Record<string, unknown>;

let sent: { url: string; body: Record<string, unknown> }[];
function serve(stored: WarehouseDeliveryOptions) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      if (url.endsWith('/getConfig'))
        return jsonAnswer({ code: 200, results: { ...fields, deliveryOptions: [stored], ver: 3 } });
      sent.push({ url, body });
      return jsonAnswer({ code: 201, message: '저장했습니다.', results: { ...body, ver: 4 } }, 200);
    }),
  );
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = async () => {
  renderScreen(<ConfigPage />, new QueryClient());
  return screen.findByRole('group', { name: '배송 설정 1' });
};
/** The pay-type checkboxes of a method's row, by their names. */
const checks = (box: HTMLElement, method: string) =>
  Array.from(
    within(box).getByRole('rowheader', { name: method }).closest('tr')!.querySelectorAll('.admin-paytypes input'),
    (c) => c.getAttribute('aria-label'),
  );
const defaults = (box: HTMLElement, method: string) =>
  Array.from(
    (within(box).getByLabelText(`${method} 기본 결제 방식`) as HTMLSelectElement).options,
    (o) => o.textContent,
  );

describe("a warehouse's delivery methods in 쇼핑몰 설정", () => {
  beforeEach(() => serve(korea));

  it('offers 선불 and 착불 for 화물, 택배 and 퀵배송, and 방문수령 alone for 방문수령', async () => {
    const box = await open();
    for (const method of ['화물', '택배', '퀵배송']) {
      expect(checks(box, method)).toEqual([`${method} 선불`, `${method} 착불`]);
      expect(defaults(box, method)).toEqual(['선불', '착불']);
    }
    expect(checks(box, '방문수령')).toEqual(['방문수령 방문수령']);
    expect(defaults(box, '방문수령')).toEqual(['방문수령']);
  });
});

describe('a pay type stored before the rule', () => {
  beforeEach(() => serve({ ...korea, gdDelivery: { offered: true, payTypes: [0, 2], defaultPayType: 0 } }));

  it('is shown checked, refused under 택배 on save, and once taken off the save goes', async () => {
    const box = await open();
    const stale = within(box).getByRole('checkbox', { name: '택배 방문수령' }) as HTMLInputElement;
    expect(stale.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    const row = within(box).getByRole('rowheader', { name: '택배' }).closest('tr')!;
    await waitFor(() =>
      expect(row.querySelector('.field-error')?.textContent).toBe(
        '택배의 배송비 결제 방식은 선불 또는 착불만 고를 수 있습니다.',
      ),
    );
    expect(sent).toEqual([]);

    fireEvent.click(stale);
    expect(within(box).queryByRole('checkbox', { name: '택배 방문수령' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]!.body.deliveryOptions as WarehouseDeliveryOptions[])[0]!.gdDelivery).toEqual({
      offered: true,
      payTypes: [0],
      defaultPayType: 0,
    });
  });
});

/**
 * The page's words are Korean (docs/requirements.md#back-office): headings and labels name what staff
 * set, not the API's field names ('하단 정보 (mallBottom)' showed mallBottom to staff).
 */
describe("쇼핑몰 설정's headings and labels", () => {
  beforeEach(() => serve(korea));

  it('are the Korean names, with no API name beside them', async () => {
    const box = await open();
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      '쇼핑몰 설정',
      '하단 정보',
      '구매 안내와 통계',
      '이용권 상품',
      '창고 주소',
      '창고별 배송 방법',
    ]);
    expect(screen.getByLabelText('구매 안내')).toBeTruthy();
    expect(within(box).getByLabelText('창고 번호')).toBeTruthy();
  });

  it('show no Latin word in a heading, label, column or button', async () => {
    await open();
    const words = [
      ...Array.from(document.querySelectorAll('h1, h2, label, th, button, legend'), (el) => el.textContent ?? ''),
      ...Array.from(document.querySelectorAll('[aria-label]'), (el) => el.getAttribute('aria-label') ?? ''),
    ].filter((text) => /[A-Za-z]/.test(text));
    expect(words).toEqual([]);
  });
});

/**
 * A save over another admin's newer one (docs/requirements.md#entities) is refused with 409 and the
 * form keeps what was typed: the page does not read the configuration again, whose new `ver` would
 * rebuild the form from what is stored.
 */
describe('a save refused because another admin saved first', () => {
  let reads = 0;
  beforeEach(() => {
    reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.endsWith('/getConfig'))
          return jsonAnswer({ code: 409, message: '다른 관리자가 먼저 설정을 저장했습니다.' }, 409);
        reads += 1;
        // The other admin's save raised the stored ver after this page read it.
        return jsonAnswer({ code: 200, results: { ...fields, deliveryOptions: [korea], ver: reads === 1 ? 3 : 4 } });
      }),
    );
  });

  it('keeps the typed values and is not read again', async () => {
    await open();
    fireEvent.change(screen.getByLabelText('상담 시간'), { target: { value: '평일 9시-18시' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(
      (await screen.findByRole('alertdialog', { name: '다른 관리자가 먼저 설정을 저장했습니다.' })).textContent,
    ).toBe('다른 관리자가 먼저 설정을 저장했습니다.확인');
    expect((screen.getByLabelText('상담 시간') as HTMLInputElement).value).toBe('평일 9시-18시');
    expect(reads).toBe(1);
  });
});
