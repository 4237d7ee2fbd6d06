import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, seoulDay } from '@partsmall/contract';
import { FilterForm, FilterInput } from '../../../shared/ui/FilterForm';
import { useZodForm } from '../../../shared/ui/form';
import { monthStatementsQuery } from '../api';
import { StatementTable } from '../components/StatementTable';
import { monthForm, previousMonth } from '../form';
import { CREDIT_TEXTS } from '../texts';
import { ResendStatement } from './ResendStatement';

const M = CREDIT_TEXTS.monthStatements;

/**
 * 업체별 명세서 of /admin/credit (docs/requirements.md#credit-screens): every company's statement of a
 * month, the month just closed first shown, with what is unpaid, the PDF and 다시 보내기.
 */
export function MonthStatements() {
  const [month, setMonth] = useState(() => previousMonth(seoulDay()));
  const [page, setPage] = useState(1);
  const form = useZodForm(monthForm, { month });
  const list = useQuery(monthStatementsQuery(month, page));
  const monthName = CREDIT_TEXTS.statements.month(month);
  return (
    <section className="admin-panel cr-month-statements" aria-labelledby="cr-month-statements-title">
      <h2 id="cr-month-statements-title">{M.title}</h2>
      <p className="field-hint">{M.intro}</p>
      <FilterForm
        form={form}
        className="admin-filters"
        label={M.searchLabel}
        alertInvalid
        onSubmit={(v) => {
          setMonth(v.month);
          setPage(1);
        }}
        after={list.data?.total !== undefined && <span className="admin-count">{M.total(list.data.total)}</span>}
      >
        <FilterInput name="month" label={M.month} type="month" />
      </FilterForm>
      <div className="cr-scroll">
        <StatementTable
          label={M.tableLabel(monthName)}
          query={list}
          withCompany
          paging={{ page, size: PAGE_SIZE.backOffice, onPage: setPage }}
          actions={(r) => (
            <ResendStatement
              seq={r.seq}
              name={`${r.companyName} ${CREDIT_TEXTS.statements.month(r.month)}`}
              unpaid={r.unpaid}
            />
          )}
        />
      </div>
    </section>
  );
}
