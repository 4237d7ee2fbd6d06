import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { mayCall } from '@partsmall/contract';
import { useSession } from '../../../shared/session';
import { Field, Form, useZodForm } from '../../../shared/ui/form';
import { agingReportQuery } from '../api';
import { companyIdForm } from '../form';
import { CREDIT_TEXTS } from '../texts';
import { AgingReport, companyPath } from './AgingReport';
import { CompanyCredit } from './CompanyCredit';
import { MonthCloseForAll } from './MonthClose';
import { MonthStatements } from './MonthStatements';
import { PaymentTerms } from './PaymentTerms';
import '../credit.css';

const R = CREDIT_TEXTS.admin;

/** Opens a company's credit page by its number (one without credit yet, to give it credit). */
function OpenCompany() {
  const navigate = useNavigate();
  const form = useZodForm(companyIdForm, { companyId: '' });
  return (
    <Form
      form={form}
      className="admin-filters cr-open-company"
      alertInvalid
      aria-label={R.findCompany}
      onSubmit={(v) => navigate(companyPath(v.companyId))}
    >
      <Field name="companyId" id="f-credit-company" label={R.companyId} inputMode="numeric" size={8} />
      <button type="submit" className="btn btn-small">
        {R.openCompany}
      </button>
    </Form>
  );
}

/**
 * The report and under it, for an admin, the month close, then every company's statements of a month
 * and the payment terms. They come with the report, so the report arriving does not push them down
 * (docs/performance.md#layout-shift).
 */
function ReportAndClose({ role }: { role: string | null }) {
  const loaded = !useQuery(agingReportQuery).isPending;
  return (
    <>
      <AgingReport />
      {mayCall(role, 'closeMonth') && loaded && <MonthCloseForAll />}
      {loaded && <MonthStatements />}
      {loaded && <PaymentTerms mayEdit={mayCall(role, 'savePaymentTerm')} />}
    </>
  );
}

/**
 * /admin/credit (docs/requirements.md#credit): the receivables aging report of every company, the month
 * close (admin), the payment terms, and with ?company=N one company's credit page.
 */
export default function CreditAdminPage() {
  const [params] = useSearchParams();
  const role = useSession().userInfo?.role ?? null;
  const company = Number(params.get('company'));
  if (Number.isInteger(company) && company > 0) return <CompanyCredit key={company} companyId={company} />;
  return (
    <section className="cr-admin">
      <h1>{R.title}</h1>
      <p className="admin-lead">{R.intro}</p>
      <OpenCompany />
      <ReportAndClose role={role} />
    </section>
  );
}
