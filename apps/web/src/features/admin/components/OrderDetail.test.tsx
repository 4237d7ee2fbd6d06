// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@partsmall/contract';
import { OrderDetail } from './OrderDetail';
import { renderScreen } from '../../../../test/render-screen';
import { jsonAnswer, recordRequests } from '../../../../test/api-mock';

/**
 * Order #58 as the server stores it: 출고확정 (1) when the staff member opened it, then 판매자취소 (8)
 * once another staff member cancelled it, with that move in its history and its cash refund.
 */
const at = '2026-11-21T05:05:00.000Z';
/** Order #58 by 택배 선불, or #61 picked up at its warehouse (방문수령). */
let pickup = false;
function stored(status: 1 | 8): AdminOrderDetail {
  const order = {
    seq: pickup ? 61 : 58,
    created: at,
    orderProductInfo: [
      { name: '브레이크 패드', pid: 'BP-1', factoryNum: '', qty: 1, price: 50_000, created: at, vin: null },
    ],
    itemLength: 1,
    totalAmount: 50_000,
    shipping: pickup ? 0 : 6_000,
    memo: '',
    shippingValue: pickup ? 4 : 1,
    shippingPayType: pickup ? 2 : 0,
    status,
    fromName: '',
    fromPhone: '',
    name: '김수령',
    phone: '01012345678',
    postNum: '04524',
    address: '서울 중구 세종대로 110',
    addrSub: '1층',
    arrive: '',
    directDeli: false,
    stockName: '한국 김포물류센터',
    carrier: '',
    waybill: '',
    returnReason: null,
    staffNote: '',
    companyId: 1,
    companyName: '한빛수입차부품',
    memberName: '박준호',
    shippedAt: null,
  };
  const event = (id: number, fromStatus: number | null, toStatus: number, memberName: string) => ({
    id,
    orderId: 58,
    fromStatus,
    toStatus,
    memberId: 1,
    note: '',
    createdAt: at,
    memberName,
  });
  const events = [event(1, null, 0, '박준호'), event(2, 0, 1, '상담원')];
  return status === 1
    ? { order, vins: [''], events, ledger: [], refunds: { '3': 56_000, '8': 56_000 } }
    : {
        order,
        vins: [''],
        events: [...events, event(3, 1, 8, '관리자')],
        ledger: [
          {
            seq: 9,
            type: 'refund',
            amount: 56_000,
            balanceAfter: 156_000,
            note: '주문 #58 환불',
            created: at,
            memberName: '관리자',
          },
        ],
        refunds: {},
      };
}

let status: 1 | 8 = 1;
const sent = recordRequests((url) =>
  url.endsWith('/orderDetail')
    ? jsonAnswer({ code: 200, message: '', results: stored(status) })
    : pickup
      ? jsonAnswer({ code: 201, message: '주문 상태를 변경했습니다.' })
      : jsonAnswer({ code: 409, message: '현재 주문 상태에서는 할 수 없는 요청입니다.', field: 'status' }, 409),
);

/** Opens the order, 출고확정, by 택배 (#58) or picked up (#61): its dialog, once it offers 출고완료. */
async function openShippable(asPickup: boolean) {
  status = 1;
  pickup = asPickup;
  const seq = asPickup ? 61 : 58;
  renderScreen(<OrderDetail seq={seq} onClose={() => undefined} />, new QueryClient());
  const dialog = await screen.findByRole('dialog', { name: `주문 #${seq}` });
  return { dialog, ship: await within(dialog).findByRole('button', { name: '출고완료' }) };
}

describe('an order another staff member moved while it was open (docs/requirements.md#back-office)', () => {
  it('is read again when the move is refused (409), so staff see its status now', async () => {
    const { dialog } = await openShippable(false);

    status = 8; // another staff member cancels it meanwhile
    fireEvent.change(within(dialog).getByLabelText('택배사'), { target: { value: 'kr.cjlogistics' } });
    fireEvent.change(within(dialog).getByLabelText('송장번호'), { target: { value: '601234567890' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '출고완료' }));
    const asked = await screen.findByRole('alertdialog', { name: '출고완료' });
    fireEvent.click(within(asked).getByRole('button', { name: '출고완료' }));

    const alert = await screen.findByRole('alertdialog', { name: /^현재 주문 상태/ });
    expect(alert.textContent).toBe(
      '현재 주문 상태에서는 할 수 없는 요청입니다. 그사이 주문이 바뀌어 지금 상태를 다시 불러왔습니다.확인',
    );
    fireEvent.click(within(alert).getByRole('button', { name: '확인' }));

    await waitFor(() => expect(within(dialog).queryByRole('button', { name: '출고완료' })).toBeNull());
    expect(within(dialog).getByText('더 바꿀 수 있는 상태가 없습니다.')).toBeTruthy();
    expect(dialog.querySelector('.admin-dl .admin-status')?.textContent).toBe('판매자취소');
    expect(within(dialog).getByText(/출고확정 → 판매자취소 \(관리자\)/)).toBeTruthy();
    expect(sent.map((r) => r.url)).toEqual([
      '/api/admin/orderDetail',
      '/api/admin/setOrderStatus',
      '/api/admin/orderDetail',
    ]);
  });
});

describe('a 방문수령 order (docs/requirements.md#shipping-and-tracking)', () => {
  it('says how it goes once, and is handed over without a carrier or a waybill', async () => {
    const { dialog, ship } = await openShippable(true);
    const way = within(dialog).getByText('배송').nextElementSibling;
    expect(way?.textContent).toBe('방문수령');
    expect(within(dialog).getByText('수령 장소').nextElementSibling?.textContent).toBe('한국 김포물류센터 (방문수령)');
    expect(within(dialog).queryByLabelText('택배사')).toBeNull();
    expect(within(dialog).queryByLabelText('송장번호')).toBeNull();
    expect(
      within(dialog).getByText(
        '방문수령 주문입니다. 창고에서 상품을 전달한 뒤 출고완료를 누르세요. 택배사와 송장번호는 없습니다.',
      ),
    ).toBeTruthy();
    expect((ship as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(ship);
    const asked = await screen.findByRole('alertdialog', { name: '출고완료' });
    expect(asked.textContent).toContain('주문 #61의 상품을 창고에서 전달했으면 출고완료로 바꿉니다.');
    fireEvent.click(within(asked).getByRole('button', { name: '출고완료' }));
    await waitFor(() => expect(sent.map((r) => r.url)).toContain('/api/admin/setOrderStatus'));
    expect(sent.find((r) => r.url === '/api/admin/setOrderStatus')?.body).toEqual({ seq: 61, status: 2 });
  });
});
