import { Link } from 'react-router';
import { MSG_ORDER, type CartLine } from '@partsmall/contract';
import { won } from '../../../shared/format';
import { managementPath } from '../../../shared/paths';
import { T } from '../../../shared/texts';
import { VatSplitRows } from '../../../shared/ui/VatSplit';
import { SummaryBox } from '../../../shared/ui/SummaryBox';
import '../cart.css';

const t = T.trade.cart;

interface Props {
  mobile: boolean;
  chosen: CartLine[];
  goods: number;
  cash: number;
  ordering: boolean;
  onOrder: () => void;
}

/** The selection's warehouse, count and total against the cash, and the order button. */
export function CartSummary({ mobile, chosen, goods, cash, ordering, onOrder }: Props) {
  const short = goods - cash;
  return (
    <SummaryBox
      className="cart-summary"
      title={t.summary}
      figures={
        <>
          <dt>{t.warehouse}</dt>
          <dd>{chosen[0] ? chosen[0].productInfo.stockName : t.noWarehouse}</dd>
          <dt>{t.selected}</dt>
          <dd data-testid="selected-count">{t.selectedCount(chosen.length)}</dd>
          <dt>{t.goodsTotal}</dt>
          <dd className="sum-strong" data-testid="cart-total">
            {won(goods)}
          </dd>
          <VatSplitRows total={goods} />
          <dt>{t.cash}</dt>
          <dd>{won(cash)}</dd>
        </>
      }
    >
      <p className="shipping-note">{t.shippingNote}</p>
      {short > 0 && (
        <p className="short-warning" role="alert">
          {MSG_ORDER.shortBy(short)} <Link to={managementPath('chargeCash', mobile)}>{t.chargeCash}</Link>
        </p>
      )}
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
