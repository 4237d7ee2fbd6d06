import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from './form';
import { Modal } from './Modal';
import { useAnswerNotes } from './notify';

/** A write a form sends as it is (a mutation): its answer is told and closes the layer. */
export interface FormWrite<O> {
  mutate: (values: O, options: ReturnType<typeof useAnswerNotes>) => void;
  isPending: boolean;
}

type Submit<O> =
  | { onSubmit: (values: O) => unknown; write?: undefined }
  /** The values go to `write` as they are; the layer waits for it and closes on its answer. */
  | { write: FormWrite<O>; onSubmit?: undefined };

export type ModalFormProps<I extends FieldValues, O> = Submit<O> & {
  title: string;
  onClose: () => void;
  /** While the form's write runs: Escape, the backdrop and × do not close the layer. */
  busy?: boolean;
  size?: 'narrow' | 'medium' | 'wide';
  className?: string;
  form: UseFormReturn<I, unknown, O>;
  /** The form's accessible name, when the layer's title is not enough. */
  label?: string;
  formClassName?: string;
  /** The fields and the form's buttons. */
  children: ReactNode;
  /** Shown below the form inside the layer (what was saved, pictures, stock). */
  after?: ReactNode;
};

/**
 * A form in a modal layer: the layer's title, × and Escape around a Form that alerts the first
 * refused field on submit (the back office's and the member area's edit forms).
 */
export function ModalForm<I extends FieldValues, O>({
  title,
  onClose,
  busy,
  size,
  className,
  form,
  onSubmit,
  write,
  label,
  formClassName,
  children,
  after,
}: ModalFormProps<I, O>) {
  const notes = useAnswerNotes(onClose);
  const submit = write ? (values: O) => write.mutate(values, notes) : onSubmit;
  return (
    <Modal title={title} onClose={onClose} busy={busy ?? write?.isPending} size={size} className={className}>
      <Form form={form} className={formClassName} alertInvalid aria-label={label} onSubmit={submit}>
        {children}
      </Form>
      {after}
    </Modal>
  );
}
