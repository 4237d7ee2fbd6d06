import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FINAL_STATUSES, ORDER_STATUS, ORDER_STATUS_LABELS, PAGE_SIZE, allowedMoves, formatWon, hyphenatePhone, type OrderStatus } from '@partsmall/contract';
import { T } from '../../shared/texts';
import { ConfirmDialog } from '../../shared/ui/confirm';
import { useNotify } from '../../shared/ui/notify';
import { cancelOrder, fetchOrders, type OrderView } from './api';
import { addressLine, seoulYmd } from './format';

const t = T.trade.mobileOrders;

/**
 * The status word of the mobile list (spec 2 §4): above 1 shipped, else preparing. Cancelled and
 * return states are named by their own label, since 'shipped' would be false for them.
 */
export function mobileStatusLabel(status: number): string {
  if (FINAL_STATUSES.includes(status as OrderStatus) || status >= ORDER_STATUS.returnRequested) return ORDER_STATUS_LABELS[status] ?? t.shipped;
  return status > 1 ? t.shipped : t.preparing;
}

/** /ordersm: the member's orders, 15 a page with 'more', and cancellation where allowed. */
export function MobileOrdersPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<OrderView | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (n: number) => {
    setLoading(true);
    const res = await fetchOrders(n, PAGE_SIZE.memberArea);
    setLoading(false);
    if (!res.ok) return setError(res.message);
    setError(null);
    setOrders((list) => {
      const known = new Set((n === 1 ? [] : (list ?? [])).map((o) => o.seq));
      return [...(n === 1 ? [] : (list ?? [])), ...res.value.orders.filter((o) => !known.has(o.seq))];
    });
    setTotal(res.value.total);
  }, []);

  useEffect(() => {
    void load(page);
  }, [load, page]);

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    const res = await cancelOrder(cancelling.seq);
    setBusy(false);
    setCancelling(null);
    if (res.ok) {
      notify.toast(res.message);
      // The answer carries the updated order: replace it in place.
      setOrders((list) => list?.map((o) => (o.seq === res.value.seq ? res.value : o)) ?? null);
    } else await notify.alert(res.message);
  };

  return (
    <section className="m-orders">
      <div className="cart-head">
        <button type="button" className="link back-btn" onClick={() => navigate(-1)}>
          ← {T.trade.back}
        </button>
        <h1>{t.title}</h1>
        {orders && <span className="cart-count">{t.total(total)}</span>}
      </div>
      {error && <p className="field-error">{error}</p>}
      {!orders && !error && (
        <div className="cart-loading">
          <span className="spinner" aria-label={T.common.loading} />
        </div>
      )}
      {orders?.length === 0 && <p className="cart-empty cart-empty-title">{t.empty}</p>}
      <ul className="m-order-list" aria-busy={loading}>
        {orders?.map((o) => {
          const canCancel = allowedMoves(o.status, 'buyer').includes(ORDER_STATUS.shipmentCancelled);
          return (
            <li key={o.seq} className="m-order" data-testid="mobile-order">
              <header>
                <span className="m-order-date">{seoulYmd(o.created)}</span>
                <span className={`status-badge st-${o.status}`}>{mobileStatusLabel(o.status)}</span>
              </header>
              <dl className="m-order-facts">
                <dt>{t.amount}</dt>
                <dd className="strong">{formatWon(o.totalAmount + o.shipping)}</dd>
                <dt>{t.recipient}</dt>
                <dd>
                  {o.name} {hyphenatePhone(o.phone)}
                </dd>
                <dt>{t.carrier}</dt>
                <dd>{o.carrier ? `${o.carrier} ${o.waybill ?? ''}` : `${T.trade.shipping[o.shippingValue] ?? '-'}`}</dd>
                <dt>{t.sender}</dt>
                <dd>
                  {o.fromName} {o.fromPhone && hyphenatePhone(o.fromPhone)}
                </dd>
                <dt>{t.destination}</dt>
                <dd>{addressLine(o) || '-'}</dd>
                <dt>{t.cargoOffice}</dt>
                <dd>{o.arrive || '-'}</dd>
                <dt>{t.products}</dt>
                <dd>
                  <ul className="m-order-products">
                    {o.orderProductInfo.map((l, i) => (
                      <li key={i}>{t.productLine(l.name, l.qty)}</li>
                    ))}
                  </ul>
                </dd>
              </dl>
              {canCancel && (
                <button type="button" className="btn btn-block btn-danger-outline" onClick={() => setCancelling(o)}>
                  {T.trade.detail.cancel}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {orders && orders.length < total && (
        <button type="button" className="btn btn-block" onClick={() => setPage((p) => p + 1)} disabled={loading}>
          {loading ? <span className="spinner" /> : t.more}
        </button>
      )}
      {cancelling && (
        <ConfirmDialog
          title={T.trade.detail.cancelTitle}
          text={T.trade.detail.cancelConfirm}
          confirmLabel={T.trade.detail.cancel}
          busyLabel={T.trade.detail.busy}
          busy={busy}
          onConfirm={() => void cancel()}
          onCancel={() => setCancelling(null)}
        />
      )}
    </section>
  );
}
