import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { MSG_ORDER, type CartLine } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { pathFor } from '../../shared/paths';
import { useCash } from '../../shared/session';
import { T } from '../../shared/texts';
import { BackButton } from '../../shared/ui/BackButton';
import { useNotify } from '../../shared/ui/notify';
import { Loading } from '../../shared/ui/states';
import { CartSummary } from './components/CartSummary';
import { WarehouseGroup } from './components/WarehouseGroup';
import { fromCartLine, paymentStore } from './model';
import { cartQuery, setCachedQuantity, useRemoveCartLine } from './api';
import { groupByWarehouse, orderable, selectedLines, type Group } from './selection';
import { useQuantitySaver } from './useQuantitySaver';
import './cart.css';

const t = T.trade.cart;

/** /cart and /cartm: lines by warehouse, selection of one warehouse, quantities, removal, order. */
export function CartPage({ mobile = false }: { mobile?: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const cash = useCash();
  const cart = useQuery(cartQuery);
  const remove = useRemoveCartLine();
  const [ordering, setOrdering] = useState(false);

  // Entering the cart removes a leftover finished payment (docs/requirements.md#cart-and-checkout).
  useEffect(() => paymentStore.clearFinished(), []);

  const onQtyFailed = useCallback(() => {
    void notify.alert(MSG_ORDER.qtyUpdateFailed);
    void cart.refetch();
  }, [notify, cart]);
  const saver = useQuantitySaver(onQtyFailed);

  const lines = cart.data?.results ?? null;
  const total = cart.data?.total ?? 0;
  const { selected, chosen, chosenWarehouse, toggleLine, toggleGroup, unpick } = usePicking(lines);
  const groups = useMemo(() => groupByWarehouse(lines ?? []), [lines]);
  const goods = chosen.reduce((sum, l) => sum + l.productInfo.price * l.qty, 0);

  const setQty = (line: CartLine, qty: number) => {
    if (qty === line.qty) return;
    setCachedQuantity(client, line.seq, qty);
    saver.schedule(line.seq, qty);
  };

  /** Removal asks first (docs/requirements.md#cart-and-checkout), then goes over the trade channel. */
  const askRemove = (line: CartLine) =>
    void notify
      .confirm(
        {
          title: t.removeTitle,
          text: t.removeConfirm(line.productInfo.name),
          confirmLabel: t.remove,
          busyLabel: t.removing,
        },
        () => remove.mutateAsync(line.seq),
      )
      .then(
        (done) => {
          if (!done) return;
          notify.toast(MSG_ORDER.removedFromCart);
          unpick(line.seq);
        },
        (e: unknown) => void notify.alert(messageOf(e)),
      );

  const order = async () => {
    if (chosen.length === 0) return void notify.alert(MSG_ORDER.selectProduct);
    setOrdering(true);
    await saver.flush();
    setOrdering(false);
    paymentStore.setDraft({ source: 'cart', items: chosen.map(fromCartLine) });
    navigate(pathFor('checkout', mobile));
  };

  const home = pathFor('home', mobile);
  const header = (
    <div className="cart-head">
      {mobile && <BackButton />}
      <h1>{t.title}</h1>
      {lines && lines.length > 0 && <span className="cart-count">{t.count(total)}</span>}
    </div>
  );
  const frame = (body: ReactNode) => (
    <section className={mobile ? 'cart-page m-cart' : 'page cart-page'}>
      {header}
      {body}
    </section>
  );

  if (cart.isError && !lines) {
    return frame(
      <div className="cart-empty">
        <p>{messageOf(cart.error) || t.loadFailed}</p>
        <button type="button" className="btn" onClick={() => void cart.refetch()}>
          {t.retry}
        </button>
      </div>,
    );
  }
  if (!lines) return frame(<Loading className="cart-loading" />);
  if (lines.length === 0) {
    return frame(
      <div className="cart-empty">
        <p className="cart-empty-title">{t.empty}</p>
        <p className="muted">{t.emptyBody}</p>
        <Link className="btn btn-primary" to={home}>
          {t.goShopping}
        </Link>
      </div>,
    );
  }

  return frame(
    <>
      <p className="page-intro">{t.intro}</p>
      {total > lines.length && <p className="notice-warn">{t.partial(lines.length, total)}</p>}
      <div className="cart-layout">
        <div className="cart-groups">
          {groups.map((g) => (
            <WarehouseGroup
              key={g.storageId}
              group={g}
              mobile={mobile}
              active={chosenWarehouse === g.storageId}
              selected={selected}
              onToggleGroup={toggleGroup}
              onToggle={toggleLine}
              onQty={setQty}
              onRemove={askRemove}
            />
          ))}
        </div>
        <CartSummary chosen={chosen} goods={goods} cash={cash} ordering={ordering} onOrder={() => void order()} />
      </div>
    </>,
  );
}

/** The lines picked for the order: orderable lines of one warehouse (cart/selection.ts). */
function usePicking(lines: CartLine[] | null) {
  const notify = useNotify();
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const selected = useMemo(() => selectedLines(lines ?? [], picked), [lines, picked]);
  const chosen = (lines ?? []).filter((l) => selected.has(l.seq));
  const chosenWarehouse = chosen[0]?.productInfo.storageId ?? null;

  const toggleLine = (line: CartLine) => {
    if (selected.has(line.seq)) return setPicked(new Set([...selected].filter((x) => x !== line.seq)));
    if (!orderable(line)) return void notify.alert(t.soldOutWhy);
    if (chosenWarehouse !== null && chosenWarehouse !== line.productInfo.storageId)
      return void notify.alert(MSG_ORDER.oneWarehouse);
    setPicked(new Set([...selected, line.seq]));
  };
  const toggleGroup = (group: Group) => {
    const pickable = group.lines.filter(orderable);
    const all = pickable.length > 0 && pickable.every((l) => selected.has(l.seq));
    if (all) return setPicked(new Set([...selected].filter((x) => !group.lines.some((l) => l.seq === x))));
    if (chosenWarehouse !== null && chosenWarehouse !== group.storageId)
      return void notify.alert(MSG_ORDER.oneWarehouse);
    setPicked(new Set([...selected, ...pickable.map((l) => l.seq)]));
  };
  const unpick = (seq: number) => setPicked(new Set([...selected].filter((x) => x !== seq)));
  return { selected, chosen, chosenWarehouse, toggleLine, toggleGroup, unpick };
}
