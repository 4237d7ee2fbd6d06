import { splitVat } from '@partsmall/contract';
import { won } from '../format';
import { T } from '../texts';

/**
 * Where a total is shown, its 공급가액 and 세액 beside it. Listed prices already include VAT and are
 * what is charged, so the split is taken out of the total (never added on top of it).
 */
export function VatSplit({ total }: { total: number }) {
  const { supply, tax } = splitVat(total);
  return (
    <small className="vat-split" data-testid="vat-split">
      {T.vat.split(won(supply), won(tax))}
    </small>
  );
}

/** The same split as two rows of a summary list (`<dl className="sum-list">`). */
export function VatSplitRows({ total }: { total: number }) {
  const { supply, tax } = splitVat(total);
  return (
    <>
      <dt className="vat-row">{T.vat.supply}</dt>
      <dd className="vat-row" data-testid="vat-supply">
        {won(supply)}
      </dd>
      <dt className="vat-row">{T.vat.tax}</dt>
      <dd className="vat-row" data-testid="vat-tax">
        {won(tax)}
      </dd>
    </>
  );
}
