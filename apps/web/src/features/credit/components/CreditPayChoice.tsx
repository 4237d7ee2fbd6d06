import { useQuery } from '@tanstack/react-query';
import type { PayWith } from '@partsmall/contract';
import { won } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { Figures } from '../../../shared/ui/SummaryBox';
import { creditSummaryQuery } from '../api';
import { creditOffer, type CreditOffer } from '../offer';
import { CREDIT_TEXTS } from '../texts';
import '../credit.css';

const K = CREDIT_TEXTS.checkout;

/**
 * What checkout offers of 외상 for an order of `total` won: read from api/getCreditSummary for a
 * company member (a company without credit, or a member the server does not let use it, sees cash only).
 */
export function useCreditOffer(total: number): CreditOffer & { termLabel: string; available: number } {
  const { userInfo } = useSession();
  const summary = useQuery({ ...creditSummaryQuery, enabled: Boolean(userInfo?.companyInfo) });
  const s = summary.data?.summary ?? null;
  return { ...creditOffer(s, total, K.onHold), termLabel: s?.termLabel ?? '', available: s?.available ?? 0 };
}

interface Props {
  offer: ReturnType<typeof useCreditOffer>;
  cash: number;
  value: PayWith;
  onChange: (value: PayWith) => void;
}

/**
 * 결제 방법 of checkout: 캐시 and, for a company with credit, 외상 with what is left of its limit
 * (docs/requirements.md#credit). On 외상 the figures are the limit's, and a hold or an order over the
 * limit is said before paying (the server refuses it with its own message).
 */
export function CreditPayChoice({ offer, cash, value, onChange }: Props) {
  if (!offer.shown) return null;
  const option = (v: PayWith, label: string, hint: string) => (
    <label className={`cr-pay-option${value === v ? ' active' : ''}`}>
      <input type="radio" name="payWith" value={v} checked={value === v} onChange={() => onChange(v)} />
      <span className="cr-pay-name">{label}</span>
      <span className="cr-pay-hint">{hint}</span>
    </label>
  );
  return (
    <div className="cr-pay">
      <fieldset className="cr-pay-choice">
        <legend>{K.method}</legend>
        {option('cash', K.cash, K.cashHint(won(cash)))}
        {option('credit', K.credit, K.creditHint(won(offer.available)))}
      </fieldset>
      {value === 'credit' && (
        <>
          <Figures
            className="cr-pay-figures"
            rows={[
              { term: K.available, value: won(offer.available), testId: 'credit-available' },
              {
                term: K.afterCredit,
                value: won(offer.after),
                valueClassName: offer.short > 0 ? 'neg' : '',
                testId: 'credit-after',
              },
            ]}
          />
          {offer.termLabel && <p className="field-hint">{K.creditTerm(offer.termLabel)}</p>}
          {offer.hold && (
            <p className="short-warning" role="alert">
              {offer.hold}
            </p>
          )}
          {!offer.hold && offer.short > 0 && (
            <p className="short-warning" role="alert">
              {K.overLimit(offer.short)}
            </p>
          )}
        </>
      )}
    </div>
  );
}
