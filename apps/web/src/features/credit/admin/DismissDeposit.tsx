import { dismissDepositRequest, type DepositRow } from '@partsmall/contract';
import { useState } from 'react';
import { useZodForm } from '../../../shared/ui/form';
import { useCreditWrite } from '../api';
import { CREDIT_TEXTS } from '../texts';
import { ReasonModal } from './ReasonModal';

const D = CREDIT_TEXTS.deposits;

/**
 * 제외 (api/admin/dismissDeposit; docs/requirements.md#credit-deposits): a deposit of the queue that
 * pays no customer's account (returned to the sender, a transfer between the shop's own accounts,
 * bank interest) is set aside with the reason staff write; it leaves the queue and pays nobody.
 */
export function DismissDeposit({ row }: { row: DepositRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-small" onClick={() => setOpen(true)}>
        {D.dismiss}
      </button>
      {open && <DismissModal row={row} onClose={() => setOpen(false)} />}
    </>
  );
}

function DismissModal({ row, onClose }: { row: DepositRow; onClose: () => void }) {
  const dismiss = useCreditWrite('adminDismissDeposit');
  const form = useZodForm(dismissDepositRequest, { seq: row.seq, reason: '' });
  const reason = {
    id: `f-dismiss-reason-${row.seq}`,
    label: D.dismissReason,
    hint: D.dismissHint,
    maxLength: 200,
  };
  return (
    <ReasonModal
      title={D.dismissTitle}
      lead={D.dismissText(row.depositorName, row.amount)}
      write={dismiss}
      form={form}
      reason={reason}
      submitLabel={D.dismiss}
      onClose={onClose}
    />
  );
}
