import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG_ORDER } from '@partsmall/contract';
import { won } from '../../../shared/format';
import { managementPath } from '../../../shared/paths';
import { T } from '../../../shared/texts';
import { Spinner } from '../../../shared/ui/states';
import { VatSplitRows } from '../../../shared/ui/VatSplit';
import { SummaryBox } from '../../../shared/ui/SummaryBox';
import '../checkout.css';

const t = T.trade.checkout;

interface Props {
  mobile: boolean;
  goods: number;
  fee: number;
  cash: number;
  paying: boolean;
  onPay: () => void;
  /** The 결제 방법 choice above the figures (외상 beside cash, for a company with credit). */
  method?: ReactNode;
  /** Paying on 외상: the cash rows give way to the limit's, which the method shows. */
  onCredit?: boolean;
  payLabel?: string;
  /** What paying means (cash: taken from the balance at once; 외상: billed at the month's close). */
  agree?: string;
}

/** Goods, fee and total against the cash, and the pay button. */
export function CheckoutSummary({
  mobile,
  goods,
  fee,
  cash,
  paying,
  onPay,
  method,
  onCredit = false,
  payLabel,
  agree = t.agree,
}: Props) {
  const total = goods + fee;
  const after = cash - total;
  return (
    <SummaryBox
      className="co-summary"
      title={t.summary}
      figures={
        <>
          <dt>{t.goods}</dt>
          <dd data-testid="goods-total">{won(goods)}</dd>
          <dt>{t.fee}</dt>
          <dd data-testid="shipping-fee">{won(fee)}</dd>
          <dt className="sum-total-label">{t.total}</dt>
          <dd className="sum-total" data-testid="pay-total">
            {won(total)}
          </dd>
          <VatSplitRows total={total} />
          {!onCredit && (
            <>
              <dt>{t.cash}</dt>
              <dd>{won(cash)}</dd>
              <dt>{t.after}</dt>
              <dd className={after < 0 ? 'neg' : ''}>{won(after)}</dd>
            </>
          )}
        </>
      }
    >
      {method}
      {!onCredit && after < 0 && (
        <p className="short-warning" role="alert">
          {MSG_ORDER.shortBy(-after)} <Link to={managementPath('chargeCash', mobile)}>{t.chargeCash}</Link>
        </p>
      )}
      <p className="field-hint">{agree}</p>
      <button
        type="button"
        className="btn btn-primary btn-block btn-pay"
        onClick={onPay}
        disabled={paying}
        aria-busy={paying}
        title={paying ? t.payingWhy : undefined}
      >
        {paying ? (
          <>
            <Spinner light /> {t.paying}
          </>
        ) : (
          `${won(total)} ${payLabel ?? t.pay}`
        )}
      </button>
    </SummaryBox>
  );
}
