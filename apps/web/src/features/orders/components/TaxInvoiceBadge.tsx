import type { OrderTaxInvoice } from '@partsmall/contract';
import { dateTime } from '../../../shared/format';
import { PW } from '../../../shared/paperwork-texts';
import '../../../shared/ui/paperwork.css';

/**
 * The 전자세금계산서 of an order as its detail shows it (docs/requirements.md#paperwork-screens): the
 * status (발행 대기, 발행, 국세청 전송, 실패 with the reason), when it was issued and the 국세청
 * 승인번호.
 */
export function TaxInvoiceBadge({ invoice }: { invoice: OrderTaxInvoice }) {
  return (
    <span className="tax-invoice" data-testid="order-tax-invoice">
      <span className={`tax-status tax-${invoice.status}`}>{invoice.statusLabel}</span>
      {invoice.issuedAt && <span className="muted"> {PW.invoices.issuedAt(dateTime(invoice.issuedAt))}</span>}
      {invoice.ntsConfirmNum && <span className="mono"> {invoice.ntsConfirmNum}</span>}
      {invoice.status === 'failed' && invoice.error && (
        <span className="tax-error">
          {' '}
          ({PW.invoices.reason}: {invoice.error})
        </span>
      )}
    </span>
  );
}
