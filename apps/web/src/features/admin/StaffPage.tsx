import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createStaffRequest, type StaffRow } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { date, phone } from '../../shared/format';
import { useSession } from '../../shared/session';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { Field, Form, SelectField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/Modal';
import { useNotify } from '../../shared/ui/notify';
import { adminQuery, useAdminWrite } from './api';
import { A } from './texts';
import { RowButton } from './components/ListParts';

/** Staff accounts (admin only): create, reset password (shown once), stop and resume. */
export default function StaffPage() {
  const notify = useNotify();
  const { userInfo } = useSession();
  const list = useQuery(adminQuery('adminStaffList', {}));
  const [shown, setShown] = useState<{ id: string; password: string } | null>(null);
  const reset = useAdminWrite('adminResetStaffPassword');
  const setStatus = useAdminWrite('adminSetStaffStatus');
  const create = useAdminWrite('adminCreateStaff');
  const form = useZodForm(createStaffRequest, { id: '', name: '', phone: '', role: 'staff' });
  const failed = (e: unknown) => void notify.alert(messageOf(e));
  const self = (s: StaffRow) => s.seq === userInfo?.seq;
  const columns: Column<StaffRow>[] = [
    { id: 'id', header: '아이디', cell: (s) => s.id },
    { id: 'name', header: '이름', width: 120, cell: (s) => s.name },
    { id: 'phone', header: '연락처', width: 130, cell: (s) => phone(s.phone) },
    { id: 'role', header: '권한', width: 80, cell: (s) => A.roles[s.role] ?? s.role },
    { id: 'status', header: '상태', width: 60, cell: (s) => A.memberStatus[s.status] ?? s.status },
    { id: 'created', header: '등록일', width: 100, className: 'date', cell: (s) => date(s.created) },
    {
      id: 'act',
      header: '작업',
      width: 220,
      cell: (s) => (
        <span className="admin-actions">
          <RowButton
            onClick={() =>
              void notify
                .confirm(
                  {
                    title: '비밀번호 초기화',
                    text: `${s.id}의 비밀번호를 새로 만듭니다. 로그인 중인 화면은 로그아웃됩니다.`,
                    confirmLabel: '초기화',
                  },
                  () => reset.mutateAsync({ seq: s.seq }),
                )
                .then((a) => a && setShown({ id: s.id, password: a.results.password }), failed)
            }
          >
            비밀번호 초기화
          </RowButton>
          <RowButton
            disabled={self(s)}
            title={self(s) ? '자기 계정은 정지할 수 없습니다.' : undefined}
            onClick={() =>
              setStatus.mutate(
                { seq: s.seq, status: s.status === 'active' ? 'stopped' : 'active' },
                { onSuccess: (a) => notify.toast(a.message), onError: failed },
              )
            }
          >
            {s.status === 'active' ? '정지' : '재개'}
          </RowButton>
        </span>
      ),
    },
  ];
  return (
    <section>
      <h1>직원 계정</h1>
      <DataTable
        label="직원 계정"
        query={
          list.data
            ? { data: { results: list.data.results }, isFetching: list.isFetching, error: list.error }
            : { isFetching: list.isFetching, error: list.error }
        }
        columns={columns}
      />
      <Form
        form={form}
        className="admin-panel form"
        aria-label="직원 계정 만들기"
        onSubmit={(v) =>
          create.mutate(v, {
            onSuccess: (a) => (setShown({ id: v.id, password: a.results.password }), form.reset()),
            onError: failed,
          })
        }
      >
        <h2>직원 계정 만들기</h2>
        <div className="admin-form-grid">
          <Field name="id" label="아이디(메일)" maxLength={100} />
          <Field name="name" label="이름" maxLength={20} />
          <Field name="phone" label="연락처" digits={11} />
          <SelectField
            name="role"
            label="권한"
            options={[
              { value: 'staff', label: '직원' },
              { value: 'admin', label: '관리자' },
            ]}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-small">
          만들기
        </button>
      </Form>
      {shown && (
        <Modal title="새 비밀번호" onClose={() => setShown(null)} size="narrow">
          <p>
            {shown.id}의 비밀번호는 <strong data-testid="new-password">{shown.password}</strong> 입니다.
          </p>
          <p className="field-hint">이 창을 닫으면 다시 볼 수 없습니다. 직원에게 전달하세요.</p>
        </Modal>
      )}
    </section>
  );
}
