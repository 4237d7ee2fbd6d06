import type { OrderTaxCorrection, OrderTaxInvoice } from '@partsmall/contract';
import { dateTime, won } from '../../../shared/format';
import { PW } from '../../../shared/paperwork-texts';
import '../../../shared/ui/paperwork.css';

/** A won amount with a typographic minus when it is below zero, as the money columns write it. */
const signedWon = (amount: number) => (amount < 0 ? `−${won(-amount)}` : won(amount));

/** An invoice's status, when it was issued, the 국세청 승인번호, and the reason of a failure. */
function InvoiceState({ invoice }: { invoice: OrderTaxInvoice }) {
  return (
    <>
      <span className={`tax-status tax-${invoice.status}`}>{invoice.statusLabel}</span>
      {invoice.issuedAt && <span className="muted"> {PW.invoices.issuedAt(dateTime(invoice.issuedAt))}</span>}
      {invoice.ntsConfirmNum && <span className="mono"> {invoice.ntsConfirmNum}</span>}
      {invoice.status === 'failed' && invoice.error && (
        <span className="tax-error">
          {' '}
          ({PW.invoices.reason}: {invoice.error})
        </span>
      )}
    </>
  );
}

/**
 * The 전자세금계산서 of an order as its detail shows it (docs/requirements.md#paperwork-screens): the
 * status (발행 대기, 발행, 국세청 전송, 실패 with the reason), when it was issued and the 국세청
 * 승인번호; then each 수정세금계산서 a refund after issuance brought, with its amount and the same.
 */
export function TaxInvoiceBadge({
  invoice,
  corrections = [],
}: {
  invoice?: OrderTaxInvoice | undefined;
  corrections?: readonly OrderTaxCorrection[] | undefined;
}) {
  return (
    <>
      {invoice && (
        <span className="tax-invoice" data-testid="order-tax-invoice">
          <InvoiceState invoice={invoice} />
        </span>
      )}
      {corrections.map((c, i) => (
        <span key={i} className="tax-correction" data-testid="order-tax-correction">
          {PW.invoices.correction(signedWon(c.total))} <InvoiceState invoice={c} />
        </span>
      ))}
    </>
  );
}
