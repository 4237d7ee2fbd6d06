import { DEPOSIT_DISMISS_REASON_MAX, dismissDepositRequest, type DepositRow } from '@partsmall/contract';
import { useState } from 'react';
import { Field, useZodForm } from '../../../shared/ui/form';
import { FormActions } from '../../../shared/ui/FormActions';
import { ModalForm } from '../../../shared/ui/ModalForm';
import { useCreditWrite } from '../api';
import { CREDIT_TEXTS } from '../texts';

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
  return (
    <ModalForm
      title={D.dismissTitle}
      onClose={onClose}
      write={dismiss}
      size="narrow"
      form={form}
      formClassName="form layer-form"
    >
      <p className="field-hint">{D.dismissText(row.depositorName, row.amount)}</p>
      <Field
        name="reason"
        id={`f-dismiss-reason-${row.seq}`}
        label={D.dismissReason}
        hint={D.dismissHint}
        maxLength={DEPOSIT_DISMISS_REASON_MAX}
        autoComplete="off"
      />
      <FormActions busy={dismiss.isPending} label={D.dismiss} onCancel={onClose} />
    </ModalForm>
  );
}
