import type { StatementRow } from '@partsmall/contract';
import { useConfirmedWrite } from '../../../shared/ui/notify';
import { useCreditWrite } from '../api';
import { CREDIT_TEXTS } from '../texts';

const K = CREDIT_TEXTS.company;

/**
 * 캐시로 결제 of a statement by staff, at the company's request (docs/requirements.md#credit-deposits):
 * asked first with the company and the amount its cash covers, then paid; the page reads again.
 */
export function PayFromCash({
  companyId,
  companyName,
  row,
  cash,
}: {
  companyId: number;
  companyName: string;
  row: StatementRow;
  /** The company's cash now: what of the unpaid amount it covers is what is asked. */
  cash: number;
}) {
  const pay = useCreditWrite('adminPayStatementFromCash');
  const confirmed = useConfirmedWrite();
  const month = CREDIT_TEXTS.statements.month(row.month);
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={pay.isPending}
      aria-label={K.payFromCashOf(month)}
      onClick={() =>
        confirmed(
          {
            title: K.payFromCashTitle,
            text: K.payFromCashConfirm(companyName, month, Math.min(row.unpaid, cash)),
            confirmLabel: K.payFromCash,
            busyLabel: K.payFromCashBusy,
          },
          () => pay.mutateAsync({ companyId, seq: row.seq }),
        )
      }
    >
      {K.payFromCash}
    </button>
  );
}
