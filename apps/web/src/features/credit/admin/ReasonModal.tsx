import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Field } from '../../../shared/ui/form';
import { FormActions } from '../../../shared/ui/FormActions';
import { ModalForm, type FormWrite } from '../../../shared/ui/ModalForm';

interface ReasonModalProps<I extends FieldValues, O> {
  title: string;
  /** What the write does, said above the field. */
  lead?: ReactNode;
  write: FormWrite<O>;
  /** A form whose one field is `reason`. */
  form: UseFormReturn<I, unknown, O>;
  reason: { id: string; label: string; hint: string; maxLength: number };
  submitLabel: string;
  onClose: () => void;
}

/**
 * A write of 외상 that asks staff one thing, the reason it is done and audited with (보류 해제, 입금
 * 제외), in a narrow layer; a refused reason says the contract's message under the field.
 */
export function ReasonModal<I extends FieldValues, O>(p: ReasonModalProps<I, O>) {
  return (
    <ModalForm
      title={p.title}
      onClose={p.onClose}
      write={p.write}
      size="narrow"
      form={p.form}
      formClassName="form layer-form cr-account-form"
    >
      {p.lead && <p className="field-hint">{p.lead}</p>}
      <Field
        name="reason"
        id={p.reason.id}
        label={p.reason.label}
        hint={p.reason.hint}
        maxLength={p.reason.maxLength}
      />
      <FormActions busy={p.write.isPending} label={p.submitLabel} onCancel={p.onClose} />
    </ModalForm>
  );
}
