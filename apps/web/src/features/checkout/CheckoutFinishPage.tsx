import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ORDER_STATUS_LABELS, formatWon, hyphenatePhone } from '@partsmall/contract';
import { T } from '../../shared/texts';
import { useCash } from '../cart/CartPage';
import { paymentStore } from '../cart/model';
import { fetchOrder, openOrderDetail, type OrderView } from '../orders/api';
import { addressLine, seoulDateTime } from '../orders/format';

const t = T.trade.finish;

/** /checkOutFinish and /mobileCheckOutFinish: the paid order with its lines, cash used and left. */
export function CheckoutFinishPage({ mobile = false }: { mobile?: boolean }) {
  const location = useLocation();
  const cash = useCash();
  const [finished] = useState(() => paymentStore.finished());
  const querySeq = Number(new URLSearchParams(location.search).get('seq'));
  const seq = Number.isInteger(querySeq) && querySeq > 0 ? querySeq : (finished?.orderSeq ?? null);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (seq === null) return;
    let live = true;
    void fetchOrder(seq).then((res) => {
      if (!live) return;
      if (res.ok) setOrder(res.value);
      else setError(res.message);
    });
    return () => {
      live = false;
    };
  }, [seq]);

  const className = mobile ? 'finish-page m-finish' : 'page finish-page';
  const home = mobile ? '/mobile' : '/home';
  if (seq === null || error) {
    return (
      <section className={className}>
        <div className="cart-empty">
          <p className="cart-empty-title">{error ?? t.missing}</p>
          <Link className="btn btn-primary" to={home}>
            {T.common.home}
          </Link>
        </div>
      </section>
    );
  }
  if (!order) {
    return (
      <section className={className}>
        <div className="cart-loading">
          <span className="spinner" aria-label={T.common.loading} />
        </div>
      </section>
    );
  }
  // The remaining cash of this payment when it is the one just paid, else the live balance.
  const remaining = finished?.orderSeq === order.seq ? finished.point : cash;
  const used = order.totalAmount + order.shipping;
  return (
    <section className={className}>
      <header className="finish-head">
        <span className="finish-check" aria-hidden="true">
          ✓
        </span>
        <h1>{t.title}</h1>
        <p className="muted">{t.intro}</p>
      </header>
      <div className="finish-grid">
        <section className="co-box" aria-label={t.lines}>
          <dl className="finish-facts">
            <dt>{t.orderNo}</dt>
            <dd data-testid="order-no">{order.seq}</dd>
            <dt>{t.orderedAt}</dt>
            <dd>{seoulDateTime(order.created)}</dd>
            <dt>{t.status}</dt>
            <dd>
              <span className={`status-badge st-${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
            </dd>
          </dl>
          <h2>{t.lines}</h2>
          <ul className="co-items finish-lines">
            {order.orderProductInfo.map((l, i) => (
              <li key={i}>
                <div className="co-item-info">
                  <p className="cart-name">{l.name}</p>
                  <p className="product-pid">{l.pid}</p>
                </div>
                <span className="co-item-qty">
                  {formatWon(l.price)} × {l.qty.toLocaleString('ko-KR')}개
                </span>
                <b className="co-item-amount">{formatWon(l.price * l.qty)}</b>
              </li>
            ))}
          </ul>
          <dl className="finish-facts">
            <dt>{t.recipient}</dt>
            <dd>
              {order.name} · {hyphenatePhone(order.phone)}
            </dd>
            <dt>{t.shipping}</dt>
            <dd>
              {T.trade.shipping[order.shippingValue]} · {T.trade.payTypes[order.shippingPayType]}
            </dd>
            {order.address && (
              <>
                <dt>{t.address}</dt>
                <dd>{addressLine(order)}</dd>
              </>
            )}
            {order.arrive && (
              <>
                <dt>{t.arrive}</dt>
                <dd>{order.arrive}</dd>
              </>
            )}
            <dt>{t.sender}</dt>
            <dd>
              {order.fromName} {order.fromPhone && `· ${hyphenatePhone(order.fromPhone)}`}
            </dd>
            {order.memo && (
              <>
                <dt>{t.memo}</dt>
                <dd>{order.memo}</dd>
              </>
            )}
          </dl>
        </section>
        <aside className="co-summary" aria-label={t.used}>
          <dl className="sum-list">
            <dt>{t.goods}</dt>
            <dd>{formatWon(order.totalAmount)}</dd>
            <dt>{t.fee}</dt>
            <dd>{formatWon(order.shipping)}</dd>
            <dt className="sum-total-label">{t.used}</dt>
            <dd className="sum-total" data-testid="used-cash">
              {formatWon(used)}
            </dd>
            <dt>{t.remaining}</dt>
            <dd data-testid="remaining-cash">{formatWon(remaining)}</dd>
          </dl>
          <div className="finish-actions">
            {mobile ? (
              <Link className="btn btn-block" to="/ordersm">
                {t.orders}
              </Link>
            ) : (
              <>
                <button type="button" className="btn btn-block" onClick={() => openOrderDetail(order.seq)}>
                  {t.detail}
                </button>
                <Link className="btn btn-block" to="/management/orders">
                  {t.orders}
                </Link>
              </>
            )}
            <Link className="btn btn-primary btn-block" to={home}>
              {t.home}
            </Link>
          </div>
        </aside>
      </div>
    </section>
  );
}
