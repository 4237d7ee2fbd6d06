import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import {
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
import { FilterForm, FilterInput, FilterSelect, filledOnly, useListFilters } from '../../shared/ui/FilterForm';
import { Field, Form, useZodForm } from '../../shared/ui/form';
import { useConfirmedWrite, useNotify } from '../../shared/ui/notify';
import { useMay } from './access';
import { DetailModal, ListToolbar, RowButton } from './components/ListParts';
import { StatusBadge } from './components/StatusBadge';
import { NumberField } from './fields';
import { InvoiceInfoForm } from './InvoiceInfoForm';
import { LEDGER_COLUMNS, moneyColumn, openColumn, useColumnChoice } from './columns';
import { adminQuery, useAdminSave, useAdminWrite } from './api';
import { A } from './texts';

const searchSchema = z.object({ keyword: z.string().trim().max(100), level: z.string() });
const LEVEL_OPTIONS = LEVELS.map((l) => ({ value: l, label: A.levels[l] ?? l }));

export function LevelBadge({ level }: { level: string }) {
  return <span className={`level-badge level-${level}`}>{A.levels[level] ?? level}</span>;
}

/** Members and companies: search by company, business number, member id, name or phone. */
export default function CompaniesPage() {
  const { form, filters, page, setPage, apply } = useListFilters(searchSchema, { keyword: '', level: '' });
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery(
    adminQuery('adminCompanyList', {
      ...(filledOnly(filters) as { keyword?: string; level?: CompanyLevel }),
      page,
      size: 20,
    }),
  );
  const columns: Column<CompanyRow>[] = [
    { id: 'id', header: '번호', width: 70, className: 'num', cell: (c) => c.companyId },
    { id: 'name', header: '업체명', sortValue: (c) => c.name, cell: (c) => c.name },
    { id: 'license', header: '사업자번호', width: 130, cell: (c) => (c.license ? businessNumber(c.license) : A.none) },
    { id: 'level', header: '등급', width: 80, className: 'center', cell: (c) => <LevelBadge level={c.level} /> },
    moneyColumn('point', '캐시(원)', 110, (c) => c.point),
    {
      id: 'lic',
      header: '이용권',
      width: 80,
      className: 'center',
      cell: (c) => (c.licenseDays ? `${c.licenseDays}일` : A.none),
    },
    { id: 'members', header: '계정', width: 60, className: 'num', cell: (c) => c.members },
    { id: 'created', header: '가입일', width: 100, className: 'date', cell: (c) => date(c.created) },
    openColumn('open', A.detail, (c) => setOpen(c.companyId)),
  ];
  const { shown, chooser } = useColumnChoice('companies', columns);
  return (
    <section>
      <h1>회원·업체</h1>
      <FilterForm form={form} className="admin-filters" label="업체 검색" onSubmit={apply}>
        <FilterInput name="keyword" label="업체명·사업자번호·아이디·이름·연락처" size={36} />
        <FilterSelect name="level" label="등급" options={LEVEL_OPTIONS} all={A.all} />
      </FilterForm>
      <ListToolbar total={list.data?.total ?? 0} unit="개 업체" chooser={chooser} />
      <DataTable
        label="업체 목록"
        query={list}
        columns={shown}
        rowKey={(c) => c.companyId}
        paging={{ page, size: 20, onPage: setPage }}
      />
      {open !== null && <CompanyModal companyId={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function CompanyModal({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const q = useQuery(adminQuery('adminCompanyDetail', { companyId }));
  return (
    <DetailModal title={q.data?.results.company.name ?? '업체 상세'} onClose={onClose} query={q}>
      {(d) => <CompanyBody d={d} />}
    </DetailModal>
  );
}

function CompanyBody({ d }: { d: CompanyDetail }) {
  const c = d.company;
  const notify = useNotify();
  const ask = useConfirmedWrite();
  const mayAdjust = useMay('adjustCash');
  const mayLevel = useMay('setCompanyLevel');
  const setStatus = useAdminWrite('adminSetMemberStatus');
  const setLevel = useAdminWrite('adminSetCompanyLevel');
  const failed = (e: unknown) => void notify.alert(messageOf(e));
  const levelSelect = (
    <select
      aria-label="업체 등급"
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
            { label: '사업자번호', value: c.license ? businessNumber(c.license) : A.none },
            { label: '대표 / 지역', value: `${c.ceo || A.none} / ${c.area || A.none}` },
            { label: '연락처', value: c.phone ? phone(c.phone) : A.none },
            { label: '등급', value: mayLevel ? levelSelect : <LevelBadge level={c.level} /> },
          ]}
        />
        <DetailList
          className="admin-dl"
          items={[
            { label: '캐시 잔액', value: won(c.point), 'data-testid': 'company-point' },
            {
              label: '원장 합계',
              value: won(c.ledgerSum),
              className: c.ledgerSum === c.point ? 'admin-ok' : 'admin-error',
            },
            {
              label: '이용권',
              value: c.licenseEnd ? `${c.licenseDays}일 남음 (${dateTime(c.licenseEnd)}까지)` : '없음',
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
      <h2>계정</h2>
      <DataTable
        label="업체 계정"
        rows={d.members}
        columns={[
          { id: 'id', header: '아이디', cell: (m) => m.id },
          { id: 'name', header: '이름', width: 100, cell: (m) => m.name },
          { id: 'phone', header: '연락처', width: 130, cell: (m) => phone(m.phone) },
          { id: 'type', header: '구분', width: 70, cell: (m) => (m.type === 0 ? '대표' : '직원') },
          { id: 'status', header: '상태', width: 60, cell: (m) => A.memberStatus[m.status] ?? m.status },
          {
            id: 'act',
            header: '정지/재개',
            width: 90,
            cell: (m) =>
              m.status === 'withdrawn' ? null : (
                <RowButton
                  onClick={() =>
                    ask(
                      {
                        title: m.status === 'active' ? '계정 정지' : '계정 재개',
                        text: `${m.id} 계정을 ${m.status === 'active' ? '정지' : '재개'}합니다.`,
                        confirmLabel: '확인',
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
                  {m.status === 'active' ? '정지' : '재개'}
                </RowButton>
              ),
          },
        ]}
      />
      <h2>최근 주문</h2>
      <DataTable
        label="업체 주문"
        rows={d.orders}
        columns={[
          { id: 'seq', header: '주문번호', width: 80, className: 'num', cell: (o) => o.seq },
          { id: 'at', header: '주문일시', width: 130, className: 'date', cell: (o) => dateTime(o.created) },
          { id: 'item', header: '상품', className: 'ellipsis', cell: (o) => o.orderProductInfo[0]?.name ?? '' },
          {
            id: 'amt',
            header: '금액(원)',
            width: 100,
            className: 'money',
            cell: (o) => count(o.totalAmount + o.shipping),
          },
          { id: 'st', header: '상태', width: 90, className: 'center', cell: (o) => <StatusBadge status={o.status} /> },
        ]}
      />
      <div className="admin-grid2">
        <div>
          <h2>결제</h2>
          <DataTable
            label="업체 결제"
            rows={d.payments}
            columns={[
              { id: 'at', header: '일시', width: 120, className: 'date', cell: (p) => dateTime(p.created) },
              { id: 'what', header: '내용', className: 'ellipsis', cell: (p) => p.productName },
              { id: 'pg', header: '수단', width: 70, cell: (p) => A.pgcodes[p.pgcode] ?? p.pgcode },
              { id: 'amt', header: '금액(원)', width: 90, className: 'money', cell: (p) => count(p.amount) },
              { id: 'st', header: '상태', width: 50, cell: (p) => A.paymentStatus[p.status] ?? p.status },
            ]}
          />
        </div>
        <div>
          <h2>캐시 원장</h2>
          <DataTable
            label="캐시 원장"
            rows={d.ledger}
            columns={[
              ...LEDGER_COLUMNS,
              { id: 'note', header: '내용', className: 'ellipsis', title: (l) => l.note, cell: (l) => l.note },
            ]}
          />
        </div>
      </div>
    </div>
  );
}

function CashForm({ companyId }: { companyId: number }) {
  const notify = useNotify();
  const form = useZodForm(adjustCashRequest, { companyId, amount: 0, reason: '' });
  const adjust = useAdminWrite('adminAdjustCash');
  return (
    <Form
      form={form}
      className="admin-panel form"
      aria-label="캐시 조정"
      onSubmit={(v) =>
        void notify
          .confirm(
            {
              title: '캐시 조정',
              text: `${v.amount > 0 ? '지급' : '차감'} ${won(Math.abs(v.amount))} (사유: ${v.reason})`,
              confirmLabel: '조정',
              busyLabel: '처리 중...',
            },
            () => adjust.mutateAsync(v),
          )
          .then(
            (a) => a && (notify.toast(a.message), form.reset({ companyId, amount: 0, reason: '' })),
            (e: unknown) => void notify.alert(messageOf(e)),
          )
      }
    >
      <h2>캐시 조정 (관리자)</h2>
      <NumberField name="amount" label="금액(원, 차감은 음수)" />
      {/* Both adjustment forms have a 'reason': each needs its own id for its label. */}
      <Field name="reason" id="f-cash-reason" label="사유" maxLength={200} />
      <button type="submit" className="btn btn-primary btn-small">
        조정
      </button>
    </Form>
  );
}

function LicenseForm({ companyId }: { companyId: number }) {
  const form = useZodForm(adjustLicenseRequest, { companyId, days: 0, reason: '' });
  const { save } = useAdminSave('adminAdjustLicense', () => form.reset({ companyId, days: 0, reason: '' }));
  return (
    <Form form={form} className="admin-panel form" aria-label="이용권 조정" onSubmit={save}>
      <h2>이용권 기간 조정 (관리자)</h2>
      <NumberField name="days" label="일수 (줄이려면 음수)" />
      <Field name="reason" id="f-license-reason" label="사유" maxLength={200} />
      <button type="submit" className="btn btn-primary btn-small">
        조정
      </button>
    </Form>
  );
}
