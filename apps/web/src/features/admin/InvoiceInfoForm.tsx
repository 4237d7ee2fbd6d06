import { INVOICE_MODE_LABELS, INVOICE_MODES, companyInvoiceInfoRequest, type CompanyDetail } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { Field, Form, SelectField, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { useMay } from './access';
import { useAdminWrite } from './api';
import { A } from './texts';

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
      aria-label={A.kit.invoiceInfo}
      alertInvalid
      onSubmit={(v) =>
        save.mutate(v, {
          onSuccess: (a) => notify.toast(a.message || A.kit.saved),
          onError: (e) => void notify.alert(messageOf(e)),
        })
      }
    >
      <h2>{A.kit.invoiceInfo}</h2>
      <div className="admin-form-grid">
        <Field name="bizType" id="admin-co-biztype" label={A.kit.bizType} maxLength={40} disabled={!may} />
        <Field name="bizItem" id="admin-co-bizitem" label={A.kit.bizItem} maxLength={40} disabled={!may} />
        <Field
          name="invoiceMail"
          id="admin-co-invoicemail"
          label={A.kit.invoiceMail}
          type="email"
          maxLength={100}
          disabled={!may}
        />
        <SelectField
          name="invoiceMode"
          id="admin-co-invoicemode"
          label={A.kit.issueMethod}
          disabled={!may}
          options={INVOICE_MODES.map((m) => ({ value: m, label: INVOICE_MODE_LABELS[m] }))}
        />
      </div>
      {may && (
        <button type="submit" className="btn btn-primary btn-small" disabled={save.isPending}>
          {A.kit.save}
        </button>
      )}
    </Form>
  );
}
