import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createStaffRequest, type StaffRow } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { date, phone } from '../../shared/format';
import { useSession } from '../../shared/session';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { Field, SelectField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/Modal';
import { useNotify } from '../../shared/ui/notify';
import { adminQuery, useAdminWrite } from './api';
import { A } from './texts';
import { RowButton } from './components/RowButton';
import { PanelForm } from './components/PanelForm';

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
    { id: 'id', header: A.staff.cols.id, cell: (s) => s.id },
    { id: 'name', header: A.staff.cols.name, width: 120, cell: (s) => s.name },
    { id: 'phone', header: A.staff.cols.phone, width: 130, cell: (s) => phone(s.phone) },
    { id: 'role', header: A.staff.cols.role, width: 80, cell: (s) => A.roles[s.role] ?? s.role },
    { id: 'status', header: A.staff.cols.status, width: 60, cell: (s) => A.memberStatus[s.status] ?? s.status },
    { id: 'created', header: A.staff.cols.created, width: 100, className: 'date', cell: (s) => date(s.created) },
    {
      id: 'act',
      header: A.staff.cols.act,
      width: 220,
      cell: (s) => (
        <span className="admin-actions">
          <RowButton
            disabled={self(s)}
            title={self(s) ? A.staff.notSelfReset : undefined}
            onClick={() =>
              void notify
                .confirm(
                  {
                    title: A.staff.resetPassword,
                    text: A.staff.resetText(s.id),
                    confirmLabel: A.staff.reset,
                  },
                  () => reset.mutateAsync({ seq: s.seq }),
                )
                .then((a) => a && setShown({ id: s.id, password: a.results.password }), failed)
            }
          >
            {A.staff.resetPassword}
          </RowButton>
          <RowButton
            disabled={self(s)}
            title={self(s) ? A.staff.notSelf : undefined}
            onClick={() =>
              setStatus.mutate(
                { seq: s.seq, status: s.status === 'active' ? 'stopped' : 'active' },
                { onSuccess: (a) => notify.toast(a.message), onError: failed },
              )
            }
          >
            {s.status === 'active' ? A.staff.stop : A.staff.resume}
          </RowButton>
        </span>
      ),
    },
  ];
  return (
    <section>
      <h1>{A.staff.title}</h1>
      <DataTable
        label={A.staff.title}
        query={
          list.data
            ? { data: { results: list.data.results }, isFetching: list.isFetching, error: list.error }
            : { isFetching: list.isFetching, error: list.error }
        }
        columns={columns}
      />
      <PanelForm
        form={form}
        title={A.staff.create}
        submit={A.staff.make}
        onSubmit={(v) =>
          create.mutate(v, {
            onSuccess: (a) => (setShown({ id: v.id, password: a.results.password }), form.reset()),
            onError: failed,
          })
        }
      >
        <div className="admin-form-grid">
          <Field name="id" label={A.staff.id} maxLength={50} />
          <Field name="name" label={A.staff.cols.name} maxLength={20} />
          <Field name="phone" label={A.staff.cols.phone} digits={11} />
          <SelectField
            name="role"
            label={A.staff.cols.role}
            options={[
              { value: 'staff', label: A.staff.roleStaff },
              { value: 'admin', label: A.staff.roleAdmin },
            ]}
          />
        </div>
      </PanelForm>
      {shown && (
        <Modal title={A.staff.newPassword} onClose={() => setShown(null)} size="narrow">
          <p>
            {shown.id}
            {A.staff.passwordOf}
            <strong data-testid="new-password">{shown.password}</strong>
            {A.staff.passwordEnd}
          </p>
          <p className="field-hint">{A.staff.passwordOnce}</p>
        </Modal>
      )}
    </section>
  );
}
