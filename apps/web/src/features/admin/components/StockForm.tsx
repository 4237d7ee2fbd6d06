import { changeStockRequest, type AdminProduct } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { count } from '../../../shared/format';
import { Field, useZodForm } from '../../../shared/ui/form';
import { useNotify } from '../../../shared/ui/notify';
import { NumberField } from '../fields';
import { PanelForm } from './PanelForm';
import { useAdminWrite } from '../api';
import { A } from '../texts';

/** A stock change with its reason; the new stock is shown in the toast and handed to `onChanged`. */
export function StockForm({ product, onChanged }: { product: AdminProduct; onChanged?: (stock: number) => void }) {
  const notify = useNotify();
  const form = useZodForm(changeStockRequest, { seq: product.seq, delta: 0, reason: '' });
  const change = useAdminWrite('adminChangeStock');
  return (
    <PanelForm
      form={form}
      title={A.kit.stockChange}
      onSubmit={(v) =>
        change.mutate(v, {
          onSuccess: (a) => (
            notify.toast(A.kit.stockNow(a.message, count(a.results.hasAmount))),
            onChanged?.(a.results.hasAmount),
            form.reset({ seq: product.seq, delta: 0, reason: '' })
          ),
          onError: (e) => void notify.alert(messageOf(e)),
        })
      }
    >
      <NumberField name="delta" label={A.kit.stockDelta} />
      <Field name="reason" label={A.kit.reason} maxLength={200} />
    </PanelForm>
  );
}
