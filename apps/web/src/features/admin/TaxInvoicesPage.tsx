import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  TAX_INVOICE_STATUS_LABELS,
  TAX_INVOICE_STATUSES,
  adminTaxInvoiceListRequest,
  type TaxInvoiceRow,
} from '@partsmall/contract';
import { type Payload } from '../../shared/api';
import { dateTime, money } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { FilterForm, FilterInput, FilterSelect, useListFilters } from '../../shared/ui/FilterForm';
import { useConfirmedWrite } from '../../shared/ui/notify';
import { adminQuery, useAdminWrite } from './api';
import { A } from './texts';
import '../../shared/ui/paperwork.css';

type Row = TaxInvoiceRow & { companyId: number; companyName: string };
const SIZE = 30;

/** The filter form: the contract's period rule (both dates or neither, at most a year) on text inputs. */
const filterSchema = z
  .object({ status: z.string(), companyId: z.string().regex(/^\d*$/, '업체 번호는 숫자로 입력하세요.') })
  .extend({ startDate: z.string(), endDate: z.string() })
  .superRefine((v, ctx) => {
    const period = v.startDate || v.endDate ? { startDate: v.startDate, endDate: v.endDate } : {};
    const checked = adminTaxInvoiceListRequest.safeParse(period);
    for (const issue of checked.error?.issues ?? []) ctx.addIssue({ ...issue, code: 'custom' });
  });
type Filters = z.infer<typeof filterSchema>;
const EMPTY: Filters = { status: '', companyId: '', startDate: '', endDate: '' };
const STATUS_OPTIONS = TAX_INVOICE_STATUSES.map((s) => ({ value: s, label: TAX_INVOICE_STATUS_LABELS[s] }));

/** The list call's body of the filters: the empty ones left out. */
export function invoiceListBody(f: Filters, page: number): Payload<'adminTaxInvoiceList'> {
  return {
    ...(f.status ? { status: f.status as Row['status'] } : {}),
    ...(f.companyId ? { companyId: Number(f.companyId) } : {}),
    ...(f.startDate && f.endDate ? { startDate: f.startDate, endDate: f.endDate } : {}),
    page,
    size: SIZE,
  };
}

const target = (r: Row) =>
  r.kind === 'monthly' && r.month
    ? `${r.month} (${r.orderSeqs.length}건)`
    : r.orderSeq !== null
      ? `주문 ${r.orderSeq}`
      : `주문 ${r.orderSeqs.join(', ') || A.none}`;

/**
 * 세금계산서 (docs/requirements.md#paperwork-screens): every company's 전자세금계산서 by status, period
 * (작성일자) and company, with the reason of a failure; staff issue a failed one again or cancel one not
 * issued, each after a confirmation (the audit log records who did).
 */
export default function TaxInvoicesPage() {
  const { form, filters, page, setPage, apply, show } = useListFilters(filterSchema, EMPTY);
  const confirmed = useConfirmedWrite();
  const list = useQuery(adminQuery('adminTaxInvoiceList', invoiceListBody(filters, page)));
  const retry = useAdminWrite('adminRetryTaxInvoice');
  const cancel = useAdminWrite('adminCancelTaxInvoice');
  const busy = retry.isPending || cancel.isPending;
  const ask = (r: Row, action: 'retry' | 'cancel') =>
    confirmed(
      action === 'retry'
        ? {
            title: '다시 발행',
            text: `${r.companyName}의 세금계산서(${target(r)}, 합계 ${money(r.total)}원)를 다시 발행합니다.`,
            confirmLabel: '다시 발행',
            busyLabel: '처리 중...',
          }
        : {
            title: '발행 취소',
            text: `${r.companyName}의 세금계산서(${target(r)}, 합계 ${money(r.total)}원)를 발행하지 않도록 취소합니다. 되돌릴 수 없습니다.`,
            confirmLabel: '발행 취소',
            busyLabel: '처리 중...',
            danger: true,
          },
      () => (action === 'retry' ? retry : cancel).mutateAsync({ seq: r.seq }),
    );
  const byCompany = (r: Row) => show({ ...filters, companyId: String(r.companyId) });

  const columns: Column<Row>[] = [
    { id: 'date', header: '작성일자', width: 96, className: 'date', cell: (r) => r.writeDate },
    {
      id: 'company',
      header: '업체',
      width: 120,
      cell: (r) => (
        <button type="button" className="link" title="이 업체만 보기" onClick={() => byCompany(r)}>
          {r.companyName}
        </button>
      ),
    },
    { id: 'kind', header: '종류', width: 90, cell: (r) => r.kindLabel },
    // The 관리번호 (Popbill's mgtKey) is the cell's title: staff quote it to the provider.
    { id: 'target', header: '주문·기간', width: 130, className: 'ellipsis', title: (r) => r.mgtKey, cell: target },
    { id: 'total', header: '합계(원)', width: 100, className: 'money', cell: (r) => money(r.total) },
    {
      id: 'status',
      header: '상태',
      width: 80,
      className: 'center',
      cell: (r) => <span className={`tax-status tax-${r.status}`}>{r.statusLabel}</span>,
    },
    {
      id: 'detail',
      header: '발행·오류',
      cell: (r) =>
        r.status === 'failed' ? (
          <span className="admin-error">{r.error || A.none}</span>
        ) : r.issuedAt ? (
          `${dateTime(r.issuedAt)}${r.ntsConfirmNum ? ` · ${r.ntsConfirmNum}` : ''}`
        ) : (
          A.none
        ),
    },
    {
      id: 'act',
      header: '처리',
      width: 140,
      className: 'center',
      cell: (r) => (
        <span className="admin-actions">
          {r.status === 'failed' && (
            <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => ask(r, 'retry')}>
              다시 발행
            </button>
          )}
          {(r.status === 'failed' || r.status === 'pending') && (
            <button type="button" className="btn btn-small btn-danger" disabled={busy} onClick={() => ask(r, 'cancel')}>
              취소
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <section>
      <h1>세금계산서</h1>
      <FilterForm
        form={form}
        className="admin-filters"
        label="세금계산서 검색"
        alertInvalid
        onSubmit={apply}
        after={
          <button type="button" className="btn btn-small" onClick={() => show(EMPTY)}>
            초기화
          </button>
        }
      >
        <FilterSelect name="status" label="상태" options={STATUS_OPTIONS} all={A.all} />
        <FilterInput name="startDate" label="작성일 시작" type="date" />
        <FilterInput name="endDate" label="작성일 끝" type="date" />
        <FilterInput name="companyId" label="업체 번호" inputMode="numeric" size={8} />
      </FilterForm>
      <DataTable
        label="세금계산서"
        query={list}
        columns={columns}
        rowTestId="admin-invoice-row"
        paging={{ page, size: SIZE, onPage: setPage }}
        emptyText="조건에 맞는 세금계산서가 없습니다."
      />
    </section>
  );
}
