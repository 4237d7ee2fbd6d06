import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  COMPANY_SORTS,
  PAGE_SIZE,
  LEVELS,
  adjustCashRequest,
  adjustLicenseRequest,
  type CompanyDetail,
  type CompanyLevel,
  type CompanyRow,
} from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { businessNumber, count, date, dateTime, phone, won } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { DetailList } from '../../shared/ui/DetailList';
import { FilterInput, FilterSelect } from '../../shared/ui/FilterForm';
import { Field, useZodForm } from '../../shared/ui/form';
import { useConfirmedWrite, useNotify } from '../../shared/ui/notify';
import { useMay } from './access';
import { DetailModal } from './components/DetailModal';
import { ListFilters } from './components/ListFilters';
import { ListToolbar } from './components/ListToolbar';
import { RowButton } from './components/RowButton';
import { PanelForm } from './components/PanelForm';
import { StatusBadge } from './components/StatusBadge';
import { NumberField } from './fields';
import { InvoiceInfoForm } from './InvoiceInfoForm';
import { LedgerPart, moneyColumn, openColumn, useColumnChoice } from './columns';
import { adminQuery, useAdminSave, useAdminWrite } from './api';
import { useAdminList } from './list';
import { A } from './texts';

const searchSchema = z.object({ keyword: z.string().trim().max(100), level: z.string() });
const LEVEL_OPTIONS = LEVELS.map((l) => ({ value: l, label: A.levels[l] ?? l }));

export function LevelBadge({ level }: { level: string }) {
  return <span className={`level-badge level-${level}`}>{A.levels[level] ?? level}</span>;
}

/** Members and companies: search by company, business number, member id, name or phone. */
export default function CompaniesPage() {
  const companies = useAdminList(
    'adminCompanyList',
    searchSchema,
    { keyword: '', level: '' },
    { size: PAGE_SIZE.backOffice, sortKeys: COMPANY_SORTS },
  );
  const [open, setOpen] = useState<number | null>(null);
  const columns: Column<CompanyRow>[] = [
    { id: 'id', header: A.companies.cols.id, width: 70, className: 'num', cell: (c) => c.companyId },
    { id: 'name', header: A.companies.cols.name, cell: (c) => c.name },
    {
      id: 'license',
      header: A.companies.cols.license,
      width: 130,
      cell: (c) => (c.license ? businessNumber(c.license) : A.none),
    },
    {
      id: 'level',
      header: A.companies.cols.level,
      width: 80,
      className: 'center',
      cell: (c) => <LevelBadge level={c.level} />,
    },
    moneyColumn('point', A.companies.cols.point, 110, (c) => c.point),
    {
      id: 'lic',
      header: A.companies.cols.lic,
      width: 80,
      className: 'center',
      cell: (c) => (c.licenseDays ? A.companies.days(c.licenseDays) : A.none),
    },
    { id: 'members', header: A.companies.cols.members, width: 60, className: 'num', cell: (c) => c.members },
    { id: 'created', header: A.companies.cols.created, width: 100, className: 'date', cell: (c) => date(c.created) },
    openColumn('open', A.detail, (c) => setOpen(c.companyId)),
  ];
  const { shown, chooser } = useColumnChoice('companies', columns);
  return (
    <section>
      <h1>{A.companies.title}</h1>
      <ListFilters list={companies} label={A.companies.search}>
        <FilterInput name="keyword" label={A.companies.keyword} size={36} />
        <FilterSelect name="level" label={A.companies.cols.level} options={LEVEL_OPTIONS} all={A.all} />
      </ListFilters>
      <ListToolbar total={companies.list.data?.total ?? 0} unit={A.companies.unit} chooser={chooser} />
      <DataTable label={A.companies.list} columns={shown} rowKey={(c) => c.companyId} {...companies.table} />
      {open !== null && <CompanyModal companyId={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function CompanyModal({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const q = useQuery(adminQuery('adminCompanyDetail', { companyId }));
  return (
    <DetailModal title={q.data?.results.company.name ?? A.companies.detail} onClose={onClose} query={q}>
      {(d) => <CompanyBody d={d} />}
    </DetailModal>
  );
}

function CompanyBody({ d }: { d: CompanyDetail }) {
  const c = d.company;
  const notify = useNotify();
  const mayAdjust = useMay('adjustCash');
  const mayLevel = useMay('setCompanyLevel');
  const setLevel = useAdminWrite('adminSetCompanyLevel');
  const failed = (e: unknown) => void notify.alert(messageOf(e));
  const levelSelect = (
    <select
      aria-label={A.companies.levelSelect}
      value={c.level}
      onChange={(e) =>
        setLevel.mutate(
          { companyId: c.companyId, level: e.target.value as CompanyLevel },
          { onSuccess: (a) => notify.toast(a.message), onError: failed },
        )
      }
    >
      {LEVEL_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  return (
    <div>
      <div className="admin-grid2">
        <DetailList
          className="admin-dl"
          items={[
            { label: A.companies.fields.license, value: c.license ? businessNumber(c.license) : A.none },
            { label: A.companies.fields.ceoArea, value: `${c.ceo || A.none} / ${c.area || A.none}` },
            { label: A.companies.fields.phone, value: c.phone ? phone(c.phone) : A.none },
            { label: A.companies.fields.level, value: mayLevel ? levelSelect : <LevelBadge level={c.level} /> },
          ]}
        />
        <DetailList
          className="admin-dl"
          items={[
            { label: A.companies.fields.point, value: won(c.point), 'data-testid': 'company-point' },
            {
              label: A.companies.fields.ledgerSum,
              value: won(c.ledgerSum),
              className: c.ledgerSum === c.point ? 'admin-ok' : 'admin-error',
            },
            {
              label: A.companies.fields.lic,
              value: c.licenseEnd
                ? A.companies.licenseLeft(c.licenseDays, dateTime(c.licenseEnd))
                : A.companies.noLicense,
            },
          ]}
        />
      </div>
      <p className="admin-actions">
        {/* 외상 lives on its own page (docs/requirements.md#credit). */}
        <Link className="btn btn-small" to={`/admin/credit?company=${c.companyId}`}>
          {A.creditPage}
        </Link>
      </p>
      <InvoiceInfoForm key={c.companyId} company={c} />
      {mayAdjust && (
        <div className="admin-grid2">
          <CashForm companyId={c.companyId} />
          <LicenseForm companyId={c.companyId} />
        </div>
      )}
      <CompanyMembers members={d.members} />
      <CompanyActivity d={d} />
    </div>
  );
}

/** The company's accounts; staff stop or resume one after a confirmation. */
function CompanyMembers({ members }: { members: CompanyDetail['members'] }) {
  const ask = useConfirmedWrite();
  const setStatus = useAdminWrite('adminSetMemberStatus');
  return (
    <>
      <h2>{A.companies.accounts}</h2>
      <DataTable
        label={A.companies.accountsLabel}
        rows={members}
        columns={[
          { id: 'id', header: A.companies.memberCols.id, cell: (m) => m.id },
          { id: 'name', header: A.companies.memberCols.name, width: 100, cell: (m) => m.name },
          { id: 'phone', header: A.companies.memberCols.phone, width: 130, cell: (m) => phone(m.phone) },
          {
            id: 'type',
            header: A.companies.memberCols.type,
            width: 70,
            cell: (m) => (m.type === 0 ? A.companies.owner : A.companies.employee),
          },
          {
            id: 'status',
            header: A.companies.memberCols.status,
            width: 60,
            cell: (m) => A.memberStatus[m.status] ?? m.status,
          },
          {
            id: 'act',
            header: A.companies.memberCols.act,
            width: 90,
            cell: (m) =>
              m.status === 'withdrawn' ? null : (
                <RowButton
                  onClick={() =>
                    ask(
                      {
                        title: m.status === 'active' ? A.companies.stopTitle : A.companies.resumeTitle,
                        text: m.status === 'active' ? A.companies.stopText(m.id) : A.companies.resumeText(m.id),
                        confirmLabel: A.companies.confirm,
                        danger: m.status === 'active',
                      },
                      () =>
                        setStatus.mutateAsync({
                          memberId: m.seq,
                          status: m.status === 'active' ? 'stopped' : 'active',
                        }),
                    )
                  }
                >
                  {m.status === 'active' ? A.companies.stop : A.companies.resume}
                </RowButton>
              ),
          },
        ]}
      />
    </>
  );
}

type Activity = Pick<CompanyDetail, 'orders' | 'payments' | 'ledger'>;

const ORDER_COLUMNS: Column<Activity['orders'][number]>[] = [
  { id: 'seq', header: A.companies.orderCols.seq, width: 80, className: 'num', cell: (o) => o.seq },
  { id: 'at', header: A.companies.orderCols.at, width: 130, className: 'date', cell: (o) => dateTime(o.created) },
  {
    id: 'item',
    header: A.companies.orderCols.item,
    className: 'ellipsis',
    cell: (o) => o.orderProductInfo[0]?.name ?? '',
  },
  {
    id: 'amt',
    header: A.companies.orderCols.amount,
    width: 100,
    className: 'money',
    cell: (o) => count(o.totalAmount + o.shipping),
  },
  {
    id: 'st',
    header: A.companies.orderCols.status,
    width: 90,
    className: 'center',
    cell: (o) => <StatusBadge status={o.status} />,
  },
];

const PAYMENT_COLUMNS: Column<Activity['payments'][number]>[] = [
  { id: 'at', header: A.companies.paymentCols.at, width: 120, className: 'date', cell: (p) => dateTime(p.created) },
  { id: 'what', header: A.companies.paymentCols.what, className: 'ellipsis', cell: (p) => p.productName },
  { id: 'pg', header: A.companies.paymentCols.pg, width: 70, cell: (p) => A.pgcodes[p.pgcode] ?? p.pgcode },
  { id: 'amt', header: A.companies.paymentCols.amount, width: 90, className: 'money', cell: (p) => count(p.amount) },
  { id: 'st', header: A.companies.paymentCols.status, width: 50, cell: (p) => A.paymentStatus[p.status] ?? p.status },
];

/**
 * The company's latest orders, payments and cash ledger, one under another: side by side the ledger
 * (five columns with its notes) hid its last ones behind a scroll in its half of the dialog.
 */
function CompanyActivity({ d }: { d: Activity }) {
  return (
    <>
      <h2>{A.companies.orders}</h2>
      <DataTable label={A.companies.ordersLabel} rows={d.orders} columns={ORDER_COLUMNS} />
      <h2>{A.companies.payments}</h2>
      <DataTable label={A.companies.paymentsLabel} rows={d.payments} columns={PAYMENT_COLUMNS} />
      <LedgerPart title={A.companies.ledger} rows={d.ledger} notes />
    </>
  );
}

/** The company's two adjustments: their words, and each reason field's own id for its label. */
const ADJUSTMENTS = {
  cash: { title: A.companies.cashTitle, label: A.companies.cash, reasonId: 'f-cash-reason' },
  license: { title: A.companies.licenseTitle, label: A.companies.license, reasonId: 'f-license-reason' },
} as const;

/** An adjustment of the company (cash, licence): its amount field, then the reason and 조정. */
function AdjustPanel<I extends FieldValues, O>({
  kind,
  form,
  onSubmit,
  children,
}: {
  kind: keyof typeof ADJUSTMENTS;
  form: UseFormReturn<I, unknown, O>;
  onSubmit: (values: O) => unknown;
  children: ReactNode;
}) {
  const { title, label, reasonId } = ADJUSTMENTS[kind];
  return (
    <PanelForm form={form} title={title} label={label} submit={A.companies.adjust} onSubmit={onSubmit}>
      {children}
      <Field name="reason" id={reasonId} label={A.companies.reason} maxLength={200} />
    </PanelForm>
  );
}

function CashForm({ companyId }: { companyId: number }) {
  const notify = useNotify();
  const form = useZodForm(adjustCashRequest, { companyId, amount: 0, reason: '' });
  const adjust = useAdminWrite('adminAdjustCash');
  const confirmAdjust = (v: z.output<typeof adjustCashRequest>) =>
    void notify
      .confirm(
        {
          title: A.companies.cash,
          text: A.companies.cashText(v.amount > 0, won(Math.abs(v.amount)), v.reason),
          confirmLabel: A.companies.adjust,
          busyLabel: A.companies.busy,
        },
        () => adjust.mutateAsync(v),
      )
      .then(
        (a) => a && (notify.toast(a.message), form.reset({ companyId, amount: 0, reason: '' })),
        (e: unknown) => void notify.alert(messageOf(e)),
      );
  return (
    <AdjustPanel kind="cash" form={form} onSubmit={confirmAdjust}>
      <NumberField name="amount" label={A.companies.cashAmount} />
    </AdjustPanel>
  );
}

function LicenseForm({ companyId }: { companyId: number }) {
  const form = useZodForm(adjustLicenseRequest, { companyId, days: 0, reason: '' });
  const { save } = useAdminSave('adminAdjustLicense', () => form.reset({ companyId, days: 0, reason: '' }));
  return (
    <AdjustPanel kind="license" form={form} onSubmit={save}>
      <NumberField name="days" label={A.companies.licenseDays} />
    </AdjustPanel>
  );
}
