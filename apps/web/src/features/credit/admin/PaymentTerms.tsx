import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TERM_RULES, TERM_RULE_LABELS, type PaymentTerm } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Field, SelectField, useZodForm } from '../../../shared/ui/form';
import { ModalForm } from '../../../shared/ui/ModalForm';
import { paymentTermsQuery, useCreditWrite } from '../api';
import { paymentTermDefaults, paymentTermForm } from '../form';
import { CREDIT_TEXTS } from '../texts';
import { FormActions } from '../../../shared/ui/FormActions';

const P = CREDIT_TEXTS.terms;
const RULE_OPTIONS = TERM_RULES.map((r) => ({ value: r, label: TERM_RULE_LABELS[r] }));

/**
 * Adds a payment term, or relabels one (`term`): its code, rule and day stay as they are, since the
 * statements closed under it were dated by them (docs/requirements.md#credit-terms).
 */
function PaymentTermModal({ term, onClose }: { term: PaymentTerm | null; onClose: () => void }) {
  const save = useCreditWrite('adminSavePaymentTerm');
  const form = useZodForm(paymentTermForm, paymentTermDefaults(term));
  return (
    <ModalForm
      title={term ? P.renameOf(term.label) : P.add}
      onClose={onClose}
      write={save}
      size="narrow"
      form={form}
      formClassName="form layer-form cr-term-form"
    >
      <Field
        name="code"
        id="f-term-code"
        label={P.code}
        hint={term ? undefined : P.codeHint}
        readOnly={term !== null}
        maxLength={30}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <Field name="label" id="f-term-label" label={P.label} hint={P.labelHint} maxLength={40} autoComplete="off" />
      <SelectField name="rule" id="f-term-rule" label={P.rule} options={RULE_OPTIONS} disabled={term !== null} />
      <Field
        name="value"
        id="f-term-value"
        label={P.value}
        hint={term ? P.fixedHint : P.valueHint}
        inputMode="numeric"
        readOnly={term !== null}
        maxLength={3}
        autoComplete="off"
      />
      <FormActions busy={save.isPending} label={CREDIT_TEXTS.form.save} onCancel={onClose} />
    </ModalForm>
  );
}

/**
 * 결제 조건 of /admin/credit (docs/requirements.md#credit-terms): the terms every credit account
 * chooses from; an admin adds one or relabels one, staff read them.
 */
export function PaymentTerms({ mayEdit }: { mayEdit: boolean }) {
  const terms = useQuery(paymentTermsQuery);
  // undefined: no layer; null: adding; a term: relabelling it.
  const [editing, setEditing] = useState<PaymentTerm | null | undefined>(undefined);
  const columns: Column<PaymentTerm>[] = [
    { id: 'code', header: P.cols.code, cell: (t) => t.code },
    { id: 'label', header: P.cols.label, cell: (t) => t.label },
    { id: 'due', header: P.cols.due, cell: (t) => P.due(t.rule, t.value) },
  ];
  if (mayEdit)
    columns.push({
      id: 'actions',
      header: P.cols.actions,
      width: 110,
      className: 'center',
      cell: (t) => (
        <button type="button" className="btn btn-small" onClick={() => setEditing(t)} aria-label={P.renameOf(t.label)}>
          {P.rename}
        </button>
      ),
    });
  return (
    <section className="admin-panel cr-terms" aria-labelledby="cr-terms-title">
      <div className="admin-toolbar">
        <h2 id="cr-terms-title">{P.title}</h2>
        <span className="spacer" />
        {mayEdit && (
          <button type="button" className="btn btn-small btn-primary" onClick={() => setEditing(null)}>
            {P.add}
          </button>
        )}
      </div>
      <p className="field-hint">{mayEdit ? P.intro : `${P.intro} ${P.adminOnly}`}</p>
      <div className="cr-scroll">
        <DataTable
          label={P.tableLabel}
          className="board-table cr-terms-table"
          rows={terms.data ?? []}
          loading={terms.isPending}
          error={terms.error ? messageOf(terms.error) : null}
          rowKey={(t) => t.code}
          rowTestId="term-row"
          emptyText={P.empty}
          columns={columns}
        />
      </div>
      {editing !== undefined && <PaymentTermModal term={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
