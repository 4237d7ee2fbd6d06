import { INVOICE_MODE_LABELS, INVOICE_MODES, companyInvoiceInfoRequest, type CompanyDetail } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { Field, Form, SelectField, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { useMay } from './access';
import { useAdminWrite } from './api';

type Company = CompanyDetail['company'];

/**
 * The company's 세금계산서 정보 in the back office (docs/requirements.md#paperwork-screens): 업태, 종목,
 * invoice mail and 발행 방식, saved by api/admin/setCompanyInvoiceInfo with the contract's rules (the
 * same as the member area's form). Staff fill them when an invoice failed for want of them.
 */
export function InvoiceInfoForm({ company }: { company: Company }) {
  const notify = useNotify();
  const may = useMay('setCompanyInvoiceInfo');
  const save = useAdminWrite('adminSetCompanyInvoiceInfo');
  const form = useZodForm(companyInvoiceInfoRequest, {
    companyId: company.companyId,
    bizType: company.bizType ?? '',
    bizItem: company.bizItem ?? '',
    invoiceMail: company.invoiceMail ?? '',
    invoiceMode: company.invoiceMode ?? 'order',
  });
  return (
    <Form
      form={form}
      className="admin-panel form"
      aria-label="세금계산서 정보"
      alertInvalid
      onSubmit={(v) =>
        save.mutate(v, {
          onSuccess: (a) => notify.toast(a.message || '저장되었습니다.'),
          onError: (e) => void notify.alert(messageOf(e)),
        })
      }
    >
      <h2>세금계산서 정보</h2>
      <div className="admin-form-grid">
        <Field name="bizType" id="admin-co-biztype" label="업태" maxLength={40} disabled={!may} />
        <Field name="bizItem" id="admin-co-bizitem" label="종목" maxLength={40} disabled={!may} />
        <Field
          name="invoiceMail"
          id="admin-co-invoicemail"
          label="세금계산서 메일"
          type="email"
          maxLength={100}
          disabled={!may}
        />
        <SelectField
          name="invoiceMode"
          id="admin-co-invoicemode"
          label="발행 방식"
          disabled={!may}
          options={INVOICE_MODES.map((m) => ({ value: m, label: INVOICE_MODE_LABELS[m] }))}
        />
      </div>
      {may && (
        <button type="submit" className="btn btn-primary btn-small" disabled={save.isPending}>
          저장
        </button>
      )}
    </Form>
  );
}
