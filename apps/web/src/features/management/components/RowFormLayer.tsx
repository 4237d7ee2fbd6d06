import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ModalForm } from '../../../shared/ui/ModalForm';
import type { useAnswerNotes } from '../../../shared/ui/notify';

/**
 * The add-or-edit layer of a searched list's row: the form's values go through `toBody` (the row's
 * seq added when it edits one) to `save`, whose answer is told and closes the layer.
 */
export function RowFormLayer<I extends FieldValues, O, B>({
  title,
  onClose,
  form,
  save,
  toBody,
  children,
}: {
  title: string;
  onClose: () => void;
  form: UseFormReturn<I, unknown, O>;
  save: { mutate: (body: B, notes: ReturnType<typeof useAnswerNotes>) => void; isPending: boolean };
  toBody: (values: O) => B;
  children: ReactNode;
}) {
  const write = {
    mutate: (v: O, notes: ReturnType<typeof useAnswerNotes>) => save.mutate(toBody(v), notes),
    isPending: save.isPending,
  };
  return (
    <ModalForm title={title} onClose={onClose} form={form} formClassName="form layer-form" write={write}>
      {children}
    </ModalForm>
  );
}
