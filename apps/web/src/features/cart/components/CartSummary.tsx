import { MSG_ORDER, type CartLine } from '@partsmall/contract';
import { won } from '../../../shared/format';
import { T } from '../../../shared/texts';
import { vatFigures } from '../../../shared/ui/VatSplit';
import { ShortOfCash, SummaryBox, type Figure } from '../../../shared/ui/SummaryBox';
import '../cart.css';

const t = T.trade.cart;

interface Props {
  chosen: CartLine[];
  goods: number;
  cash: number;
  ordering: boolean;
  onOrder: () => void;
}

/** The selection's warehouse, count and total against the cash, and the order button. */
export function CartSummary({ chosen, goods, cash, ordering, onOrder }: Props) {
  const short = goods - cash;
  const figures: Figure[] = [
    { term: t.warehouse, value: chosen[0] ? chosen[0].productInfo.stockName : t.noWarehouse },
    { term: t.selected, value: t.selectedCount(chosen.length), testId: 'selected-count' },
    { term: t.goodsTotal, value: won(goods), valueClassName: 'sum-strong', testId: 'cart-total' },
    ...vatFigures(goods),
    { term: t.cash, value: won(cash) },
  ];
  return (
    <SummaryBox className="cart-summary" title={t.summary} figures={figures}>
      <p className="shipping-note">{t.shippingNote}</p>
      {short > 0 && <ShortOfCash by={short} label={t.chargeCash} />}
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={onOrder}
        disabled={ordering}
        title={chosen.length === 0 ? MSG_ORDER.selectProduct : undefined}
      >
        {chosen.length > 0 ? t.orderCount(chosen.length) : t.order}
      </button>
    </SummaryBox>
  );
}
