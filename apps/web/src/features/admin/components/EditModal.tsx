import type { FieldValues } from 'react-hook-form';
import { ModalForm, type ModalFormProps } from '../../../shared/ui/ModalForm';
import { SaveRow } from '../fields';

type EditModalProps<I extends FieldValues, O> = Pick<
  ModalFormProps<I, O>,
  'title' | 'onClose' | 'form' | 'label' | 'after' | 'children'
> & {
  onSubmit: (values: O) => unknown;
  /** While the save runs: 저장 reads '저장 중…' and cannot be pressed again. */
  busy: boolean;
};

/**
 * A record created or edited in a wide layer (a notice, a product): its fields (`children`) in the
 * back office's grid, then 저장; `after` is shown below the form (what was saved, pictures).
 */
export function EditModal<I extends FieldValues, O>({ busy, children, ...layer }: EditModalProps<I, O>) {
  return (
    <ModalForm {...layer} className="admin-wide" size="wide">
      <div className="admin-form-grid">{children}</div>
      <SaveRow busy={busy} />
    </ModalForm>
  );
}
