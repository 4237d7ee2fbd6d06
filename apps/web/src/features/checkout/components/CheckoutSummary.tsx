import type { ReactNode } from 'react';
import { won } from '../../../shared/format';
import { T } from '../../../shared/texts';
import { Spinner } from '../../../shared/ui/states';
import { vatFigures } from '../../../shared/ui/VatSplit';
import { ShortOfCash, SummaryBox, type MaybeFigure } from '../../../shared/ui/SummaryBox';
import '../checkout.css';

const t = T.trade.checkout;

interface Props {
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
  const figures: MaybeFigure[] = [
    { term: t.goods, value: won(goods), testId: 'goods-total' },
    { term: t.fee, value: won(fee), testId: 'shipping-fee' },
    {
      term: t.total,
      value: won(total),
      termClassName: 'sum-total-label',
      valueClassName: 'sum-total',
      testId: 'pay-total',
    },
    ...vatFigures(total),
    !onCredit && { term: t.cash, value: won(cash) },
    // A balance never goes below zero (docs/requirements.md#wallet): a short cash shows the shortfall
    // in the warning below, not a negative balance after paying.
    !onCredit && after >= 0 && { term: t.after, value: won(after) },
  ];
  return (
    <SummaryBox className="co-summary" title={t.summary} figures={figures}>
      {method}
      {!onCredit && after < 0 && <ShortOfCash by={-after} label={t.chargeCash} />}
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
