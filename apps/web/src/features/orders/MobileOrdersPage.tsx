import { useInfiniteQuery } from '@tanstack/react-query';
import {
  FINAL_STATUSES,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  allowedMoves,
  orderJobRefs,
  type OrderStatus,
  type OrderView,
} from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { date, phone, won } from '../../shared/format';
import { T } from '../../shared/texts';
import { useConfirmedWrite } from '../../shared/ui/notify';
import { Loading, Spinner } from '../../shared/ui/states';
import { BackButton } from '../../shared/ui/BackButton';
import { PW } from '../../shared/paperwork-texts';
import { orderPagesQuery, useCancelOrder } from './api';
import { TrackingToggle } from './components/TrackingPanel';
import { StatementButton } from './components/StatementButton';
import { TaxInvoiceBadge } from './components/TaxInvoiceBadge';
import { orderDelivery, orderPlace, orderSender } from './place';
import { refundLine } from './refund';
import { TO } from './texts';
import { ReorderButton } from '../quick-order';
import './orders.css';

const t = T.trade.mobileOrders;
const D = T.trade.detail;

/**
 * The status word of the mobile list (docs/requirements.md#member-area): above 1 shipped, else preparing. Cancelled and
 * return states are named by their own label, since 'shipped' would be false for them.
 */
export function mobileStatusLabel(status: number): string {
  if (FINAL_STATUSES.includes(status as OrderStatus) || status >= ORDER_STATUS.returnRequested)
    return ORDER_STATUS_LABELS[status] ?? t.shipped;
  return status > ORDER_STATUS.shipmentConfirmed ? t.shipped : t.preparing;
}

/** /ordersm: the member's orders, 15 a page with 'more', and cancellation where allowed. */
export function MobileOrdersPage() {
  const ask = useConfirmedWrite();
  const pages = useInfiniteQuery(orderPagesQuery);
  const orders = pages.data?.pages.flatMap((p) => p.results) ?? null;
  const total = pages.data?.pages[0]?.total ?? 0;
  const loading = pages.isFetching;
  const error = pages.error ? messageOf(pages.error) : null;
  const cancel = useCancelOrder();
  // The answer carries the updated order, which replaces it in place. A 외상 order's cancel gives no
  // cash back (docs/requirements.md#credit-checkout).
  const askCancel = (o: OrderView) =>
    ask(
      {
        title: D.cancelTitle,
        text: o.payWith === 'credit' ? D.cancelConfirmOnCredit : D.cancelConfirm,
        confirmLabel: D.cancel,
        cancelLabel: TO.keepOrder,
        busyLabel: D.busy,
        danger: true,
      },
      () => cancel.mutateAsync(o.seq),
    );

  return (
    <section className="m-orders">
      <div className="cart-head">
        <BackButton />
        <h1>{t.title}</h1>
        {orders && <span className="cart-count">{t.total(total)}</span>}
      </div>
      {error && <p className="field-error">{error}</p>}
      {!orders && !error && <Loading className="cart-loading" />}
      {orders?.length === 0 && <p className="cart-empty cart-empty-title">{t.empty}</p>}
      <ul className="m-order-list" aria-busy={loading}>
        {orders?.map((o) => {
          const canCancel = allowedMoves(o.status, 'buyer').includes(ORDER_STATUS.shipmentCancelled);
          const place = orderPlace(o);
          const refund = refundLine(o);
          return (
            <li key={o.seq} className="m-order" data-testid="mobile-order">
              <header>
                <span className="m-order-date">{date(o.created)}</span>
                <span className={`status-badge st-${o.status}`}>{mobileStatusLabel(o.status)}</span>
              </header>
              <dl className="m-order-facts">
                <dt>{TO.orderNo}</dt>
                <dd className="m-order-no">{o.seq}</dd>
                <dt>{t.amount}</dt>
                <dd className="strong">{won(o.totalAmount + o.shipping)}</dd>
                {refund && (
                  <>
                    <dt>{refund.label}</dt>
                    <dd data-testid="order-refund">{refund.text}</dd>
                  </>
                )}
                <dt>{t.recipient}</dt>
                <dd>
                  {o.name} {phone(o.phone)}
                </dd>
                <dt>{t.delivery}</dt>
                <dd>{orderDelivery(o)}</dd>
                <dt>{t.sender}</dt>
                <dd>{orderSender(o) ?? '-'}</dd>
                <dt>{place.label ?? t.destination}</dt>
                <dd>{place.value}</dd>
                <dt>{t.cargoOffice}</dt>
                <dd>{o.arrive || '-'}</dd>
                {(o.taxInvoice || o.taxCorrections) && (
                  <>
                    <dt>{PW.invoices.onOrder}</dt>
                    <dd>
                      <TaxInvoiceBadge invoice={o.taxInvoice} corrections={o.taxCorrections} />
                    </dd>
                  </>
                )}
                {orderJobRefs(o).length > 0 && (
                  <>
                    <dt>{t.jobRef}</dt>
                    <dd>{orderJobRefs(o).join(', ')}</dd>
                  </>
                )}
                <dt>{t.products}</dt>
                <dd>
                  <ul className="m-order-products">
                    {o.orderProductInfo.map((l, i) => (
                      <li key={i}>{t.productLine(l.name, l.qty)}</li>
                    ))}
                  </ul>
                </dd>
              </dl>
              {o.carrier && <TrackingToggle seq={o.seq} />}
              <StatementButton seq={o.seq} className="btn btn-block" />
              <ReorderButton seq={o.seq} className="btn btn-block" />
              {canCancel && (
                <button type="button" className="btn btn-block btn-danger-outline" onClick={() => askCancel(o)}>
                  {D.cancel}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {pages.hasNextPage && (
        <button type="button" className="btn btn-block" onClick={() => void pages.fetchNextPage()} disabled={loading}>
          {loading ? <Spinner /> : t.more}
        </button>
      )}
    </section>
  );
}
