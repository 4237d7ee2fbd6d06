import { describe, expect, it } from 'vitest';
import { auditTarget, auditValue } from './audit-format';
import { A } from './texts';

describe('audit page', () => {
  it('names the invoice actions in Korean', () => {
    expect(A.actions.setCompanyInvoiceInfo).toBe('세금계산서 정보 변경');
    expect(A.actions.retryTaxInvoice).toBe('세금계산서 다시 발행');
    expect(A.actions.cancelTaxInvoice).toBe('세금계산서 발행 취소');
  });

  it('shows the instants inside before/after values in Asia/Seoul time', () => {
    expect(auditValue({ status: 'stopped', licenseEnd: '2026-03-01T15:30:00.000Z', note: '2026-03-01' })).toBe(
      '상태: stopped\n이용권 만료일: 2026-03-02 00:30:00\n메모: 2026-03-01',
    );
    expect(auditValue([{ licenseEnd: '2026-11-29T03:04:05Z' }])).toBe('- 이용권 만료일: 2026-11-29 12:04:05');
    expect(auditValue(null)).toBe(A.none);
  });

  it('names the target and the fields in Korean, an unknown one as it is stored', () => {
    expect(auditTarget('company:12')).toBe('업체 12');
    expect(auditTarget('job:notify-sms:4f1c')).toBe('발송 작업 notify-sms:4f1c');
    expect(auditTarget('config')).toBe('쇼핑몰 설정');
    expect(auditTarget('gadget:3')).toBe('gadget:3');
    expect(
      auditValue({
        status: 50,
        refund: { amount: 12000, to: 'cash', point: 30000 },
        stock: [{ product: 7, delta: 2, hasAmount: 5 }],
        gadgetCount: 1,
      }),
    ).toBe(
      [
        '상태: 50',
        '환불:',
        '  금액(원): 12,000',
        '  환불 방식: cash',
        '  캐시 잔액(원): 30,000',
        '재고 되돌림:',
        '  - 상품 번호: 7',
        '    변경 수량: 2',
        '    재고: 5',
        'gadgetCount: 1',
      ].join('\n'),
    );
    expect(
      auditValue({ popup: true, published: false, imgFiles: ['/uploads/a.png', '/uploads/b.png'], brand: '' }),
    ).toBe('팝업: 예\n게시: 아니오\n상품 이미지: /uploads/a.png, /uploads/b.png\n브랜드: -');
    expect(auditValue(['쇼바', '쇼크업소버'])).toBe('쇼바, 쇼크업소버');
  });
});
