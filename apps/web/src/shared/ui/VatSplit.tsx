import { splitVat } from '@partsmall/contract';
import { won } from '../format';
import { T } from '../texts';
import type { Figure } from './SummaryBox';

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

/** The same split as two rows of a summary list (Figures). */
export function vatFigures(total: number): Figure[] {
  const { supply, tax } = splitVat(total);
  return [
    {
      term: T.vat.supply,
      value: won(supply),
      termClassName: 'vat-row',
      valueClassName: 'vat-row',
      testId: 'vat-supply',
    },
    { term: T.vat.tax, value: won(tax), termClassName: 'vat-row', valueClassName: 'vat-row', testId: 'vat-tax' },
  ];
}
