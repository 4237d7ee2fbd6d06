import { z } from 'zod';
import {
  CREDIT_STATUSES,
  CREDIT_STATUS_LABELS,
  liftCreditHoldRequest,
  setCreditAccountRequest,
  type CreditAccount,
  type PaymentTerm,
} from '@partsmall/contract';
import { isWonDigits } from '../../../shared/format';
import { CheckField, Field, SelectField, useZodForm } from '../../../shared/ui/form';
import { FormActions } from '../../../shared/ui/FormActions';
import { WonField } from '../../../shared/ui/WonField';
import { ModalForm } from '../../../shared/ui/ModalForm';
import { useCreditWrite } from '../api';
import { creditAccountDefaults, creditAccountForm } from '../form';
import { ReasonModal } from './ReasonModal';
import { CREDIT_TEXTS } from '../texts';

const F = CREDIT_TEXTS.form;
const K = CREDIT_TEXTS.company;
const STATUS_OPTIONS = CREDIT_STATUSES.map((s) => ({ value: s, label: CREDIT_STATUS_LABELS[s] }));

/**
 * The credit account's settings (admin; docs/requirements.md#credit): status, limit, may exceed, term,
 * grace days, overdue threshold, sub-accounts, and the reason the change is audited with. A refused
 * value says the contract's Korean message under its field and saves nothing.
 */
export function CreditAccountModal({
  companyId,
  account,
  terms,
  onClose,
}: {
  companyId: number;
  account: CreditAccount | null;
  terms: PaymentTerm[];
  onClose: () => void;
}) {
  const save = useCreditWrite('adminSetCreditAccount');
  const form = useZodForm(creditAccountForm, creditAccountDefaults(companyId, account, terms[0]?.code ?? ''));
  // An amount beyond the contract's maximum is said while it is typed, as a non-number is (WonField).
  const beyondMax = (name: 'limit' | 'overdueThreshold') => (value: string) => {
    if (isWonDigits(value) && !setCreditAccountRequest.shape[name].safeParse(Number(value)).success)
      void form.trigger(name);
  };
  return (
    <ModalForm
      title={account ? K.edit : K.create}
      onClose={onClose}
      write={save}
      size="medium"
      form={form}
      formClassName="form layer-form cr-account-form"
    >
      <div className="cr-form-grid">
        <SelectField name="status" id="f-credit-status" label={F.status} options={STATUS_OPTIONS} />
        <SelectField
          name="termCode"
          id="f-credit-term"
          label={F.term}
          options={terms.map((t) => ({ value: t.code, label: t.label }))}
        />
        <WonField name="limit" id="f-credit-limit" label={F.limit} onValue={beyondMax('limit')} />
        <Field name="graceDays" id="f-credit-grace" label={F.graceDays} hint={F.graceHint} inputMode="numeric" />
        <WonField
          name="overdueThreshold"
          id="f-credit-threshold"
          label={F.threshold}
          hint={F.thresholdHint}
          onValue={beyondMax('overdueThreshold')}
        />
      </div>
      <CheckField name="allowExceed" label={F.allowExceed} />
      <CheckField name="allowSubAccounts" label={F.allowSubAccounts} />
      <Field name="reason" id="f-credit-reason" label={F.reason} hint={F.reasonHint} maxLength={200} />
      <FormActions busy={save.isPending} label={F.save} onCancel={onClose} />
    </ModalForm>
  );
}

const liftForm = liftCreditHoldRequest.extend({ companyId: z.number() });

/** 보류 해제 (staff): back to active, with the reason the change is audited with. */
export function LiftHoldModal({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const lift = useCreditWrite('adminLiftCreditHold');
  const form = useZodForm(liftForm, { companyId, reason: '' });
  const reason = { id: 'f-lift-reason', label: F.reason, hint: F.reasonHint, maxLength: 200 };
  return (
    <ReasonModal title={K.liftTitle} write={lift} form={form} reason={reason} submitLabel={F.save} onClose={onClose} />
  );
}
