import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { ORDER_STATUS_LABELS, type OrderView } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { dateTime, phone, won } from '../../shared/format';
import { managementPath, pathFor } from '../../shared/paths';
import { useCash } from '../../shared/session';
import { T } from '../../shared/texts';
import { Loading } from '../../shared/ui/states';
import { vatFigures } from '../../shared/ui/VatSplit';
import { Figures } from '../../shared/ui/SummaryBox';
import { paymentStore } from '../cart';
import { CREDIT_TEXTS } from '../credit';
import { openOrderDetail, orderPlace, orderQuery } from '../orders';
import { LineInfo } from './components/LineInfo';
import './checkout.css';

const t = T.trade.finish;

/** /checkOutFinish and /mobileCheckOutFinish: the paid order with its lines, cash used and left. */
export function CheckoutFinishPage({ mobile = false }: { mobile?: boolean }) {
  const location = useLocation();
  const cash = useCash();
  const [finished] = useState(() => paymentStore.finished());
  const querySeq = Number(new URLSearchParams(location.search).get('seq'));
  const seq = Number.isInteger(querySeq) && querySeq > 0 ? querySeq : (finished?.orderSeq ?? null);
  const query = useQuery({ ...orderQuery(seq ?? 0), enabled: seq !== null });
  const order = query.data;
  const error = query.error ? messageOf(query.error) : null;

  const className = mobile ? 'finish-page m-finish' : 'page finish-page';
  const home = pathFor('home', mobile);
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
        <Loading className="cart-loading" />
      </section>
    );
  }
  // The remaining cash of this payment when it is the one just paid, else the live balance.
  const remaining = finished?.orderSeq === order.seq ? finished.point : cash;
  const used = order.totalAmount + order.shipping;
  // An order paid on 외상 took no cash: it says what it will be billed instead (docs/requirements.md#credit-screens).
  const onCredit = order.payWith === 'credit';
  return (
    <section className={className}>
      <header className="finish-head">
        <span className="finish-check" aria-hidden="true">
          ✓
        </span>
        <h1>{t.title}</h1>
        <p className="muted">{onCredit ? CREDIT_TEXTS.finish.intro : t.intro}</p>
      </header>
      <div className="finish-grid">
        <section className="co-box" aria-label={t.lines}>
          <dl className="spec-list finish-facts">
            <dt>{t.orderNo}</dt>
            <dd data-testid="order-no">{order.seq}</dd>
            <dt>{t.orderedAt}</dt>
            <dd>{dateTime(order.created)}</dd>
            <dt>{t.status}</dt>
            <dd>
              <span className={`status-badge st-${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
            </dd>
          </dl>
          <h2>{t.lines}</h2>
          <ul className="co-items finish-lines">
            {order.orderProductInfo.map((l, i) => (
              <li key={i}>
                <LineInfo name={l.name} pid={l.pid} price={l.price} qty={l.qty} />
              </li>
            ))}
          </ul>
          <DeliveryFacts order={order} />
        </section>
        <aside className="co-summary" aria-label={t.used}>
          <Figures
            rows={[
              { term: t.goods, value: won(order.totalAmount) },
              { term: t.fee, value: won(order.shipping) },
              {
                term: onCredit ? CREDIT_TEXTS.finish.used : t.used,
                value: won(used),
                termClassName: 'sum-total-label',
                valueClassName: 'sum-total',
                testId: onCredit ? 'used-credit' : 'used-cash',
              },
              ...vatFigures(used),
              !onCredit && { term: t.remaining, value: won(remaining), testId: 'remaining-cash' },
            ]}
          />
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
                <Link className="btn btn-block" to={managementPath('orders', false)}>
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

/** Where the order goes and from whom: recipient, shipping, place, office, sender and memo. */
function DeliveryFacts({ order }: { order: OrderView }) {
  const place = orderPlace(order);
  return (
    <dl className="spec-list finish-facts">
      <dt>{t.recipient}</dt>
      <dd>
        {order.name} · {phone(order.phone)}
      </dd>
      <dt>{t.shipping}</dt>
      <dd>{T.trade.shippingLine(order.shippingValue, order.shippingPayType)}</dd>
      {(order.address || place.label) && (
        <>
          <dt>{place.label ?? t.address}</dt>
          <dd>{place.value}</dd>
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
        {order.fromName} {order.fromPhone && `· ${phone(order.fromPhone)}`}
      </dd>
      {order.memo && (
        <>
          <dt>{t.memo}</dt>
          <dd>{order.memo}</dd>
        </>
      )}
    </dl>
  );
}
