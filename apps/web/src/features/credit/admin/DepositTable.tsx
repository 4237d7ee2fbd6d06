import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DepositRow } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { dateColumn } from '../../../shared/ui/columns';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { wonColumn } from '../columns';
import { CREDIT_TEXTS } from '../texts';

const D = CREDIT_TEXTS.deposits;

/**
 * A list of deposits on /admin/deposits (the queue, those set aside): when, who and how much first,
 * then the list's own columns, scrolling sideways on a phone. A list the server cuts short says so
 * above it (`more`: the rows shown and the total).
 */
export function DepositTable({
  label,
  query,
  emptyText,
  rowTestId,
  more,
  columns,
}: {
  label: string;
  query: UseQueryResult<{ rows: DepositRow[]; total: number }>;
  emptyText: string;
  rowTestId: string;
  more: (shown: number, total: number) => ReactNode;
  columns: Column<DepositRow>[];
}) {
  const data = query.data;
  return (
    <>
      {data && data.total > data.rows.length ? more(data.rows.length, data.total) : null}
      <div className="cr-scroll">
        <DataTable<DepositRow>
          label={label}
          rows={query.data?.rows ?? []}
          loading={query.isFetching}
          error={query.error ? messageOf(query.error) : null}
          emptyText={emptyText}
          rowTestId={rowTestId}
          columns={[
            dateColumn('date', D.cols.date, (r) => r.depositedAt),
            { id: 'name', header: D.cols.name, width: 150, cell: (r) => r.depositorName },
            wonColumn<DepositRow>('amount', D.cols.amount, 110, (r) => r.amount),
            ...columns,
          ]}
        />
      </div>
    </>
  );
}
