import { changeStockRequest, type AdminProduct } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { count } from '../../../shared/format';
import { Field, Form, useZodForm } from '../../../shared/ui/form';
import { useNotify } from '../../../shared/ui/notify';
import { NumberField } from '../fields';
import { useAdminWrite } from '../api';

/** A stock change with its reason; the new stock is shown in the toast and handed to `onChanged`. */
export function StockForm({ product, onChanged }: { product: AdminProduct; onChanged?: (stock: number) => void }) {
  const notify = useNotify();
  const form = useZodForm(changeStockRequest, { seq: product.seq, delta: 0, reason: '' });
  const change = useAdminWrite('adminChangeStock');
  return (
    <Form
      form={form}
      className="admin-panel form"
      aria-label="재고 변경"
      onSubmit={(v) =>
        change.mutate(v, {
          onSuccess: (a) => (
            notify.toast(`${a.message} 현재 ${count(a.results.hasAmount)}개`),
            onChanged?.(a.results.hasAmount),
            form.reset({ seq: product.seq, delta: 0, reason: '' })
          ),
          onError: (e) => void notify.alert(messageOf(e)),
        })
      }
    >
      <h2>재고 변경</h2>
      <NumberField name="delta" label="변경 수량 (입고 +, 출고·폐기 -)" />
      <Field name="reason" label="사유" maxLength={200} />
      <button type="submit" className="btn btn-small btn-primary">
        재고 변경
      </button>
    </Form>
  );
}
