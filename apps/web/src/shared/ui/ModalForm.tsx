import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from './form';
import { Modal } from './Modal';

interface ModalFormProps<I extends FieldValues, O> {
  title: string;
  onClose: () => void;
  /** While the form's write runs: Escape, the backdrop and × do not close the layer. */
  busy?: boolean;
  size?: 'narrow' | 'medium' | 'wide';
  className?: string;
  form: UseFormReturn<I, unknown, O>;
  onSubmit: (values: O) => unknown;
  /** The form's accessible name, when the layer's title is not enough. */
  label?: string;
  formClassName?: string;
  /** The fields and the form's buttons. */
  children: ReactNode;
  /** Shown below the form inside the layer (what was saved, pictures, stock). */
  after?: ReactNode;
}

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
  label,
  formClassName,
  children,
  after,
}: ModalFormProps<I, O>) {
  return (
    <Modal title={title} onClose={onClose} busy={busy} size={size} className={className}>
      <Form form={form} className={formClassName} alertInvalid aria-label={label} onSubmit={onSubmit}>
        {children}
      </Form>
      {after}
    </Modal>
  );
}
