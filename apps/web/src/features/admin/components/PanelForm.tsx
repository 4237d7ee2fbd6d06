import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from '../../../shared/ui/form';

/**
 * A small form of the back office in its own panel (a cash or licence adjustment, a stock change, a
 * new staff account): its heading, its fields and one submit button. The form is named `label`
 * and the button says `submit`, both the heading's words unless told.
 */
export function PanelForm<I extends FieldValues, O>({
  form,
  title,
  label = title,
  submit = title,
  onSubmit,
  children,
}: {
  form: UseFormReturn<I, unknown, O>;
  title: string;
  label?: string;
  submit?: string;
  onSubmit: (values: O) => unknown;
  children: ReactNode;
}) {
  return (
    <Form form={form} className="admin-panel form" aria-label={label} onSubmit={onSubmit}>
      <h2>{title}</h2>
      {children}
      <button type="submit" className="btn btn-primary btn-small">
        {submit}
      </button>
    </Form>
  );
}
