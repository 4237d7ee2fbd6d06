import { describe, expect, it } from 'vitest';
import { auditValue } from './audit-format';
import { A } from './texts';

describe('audit page', () => {
  it('names the invoice actions in Korean', () => {
    expect(A.actions.setCompanyInvoiceInfo).toBe('세금계산서 정보 변경');
    expect(A.actions.retryTaxInvoice).toBe('세금계산서 다시 발행');
    expect(A.actions.cancelTaxInvoice).toBe('세금계산서 발행 취소');
  });

  it('shows the instants inside before/after values in Asia/Seoul time', () => {
    expect(auditValue({ status: 'stopped', licenseEnd: '2026-03-01T15:30:00.000Z', note: '2026-03-01' })).toBe(
      '{\n "status": "stopped",\n "licenseEnd": "2026-03-02 00:30:00",\n "note": "2026-03-01"\n}',
    );
    expect(auditValue([{ at: '2026-11-29T03:04:05Z' }])).toBe('[\n {\n  "at": "2026-11-29 12:04:05"\n }\n]');
    expect(auditValue(null)).toBe(A.none);
  });
});
