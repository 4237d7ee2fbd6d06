import { useState } from 'react';
import {
  MEMBER_TYPE_MAIN,
  MEMBER_TYPE_SUB,
  PAGE_SIZE,
  createMemberRequest,
  editMemberRequest,
  editedNameField,
  type MemberListItem,
} from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { phone } from '../../shared/format';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import type { Column } from '../../shared/ui/DataTable';
import { Field, PasswordField, PhoneField, ReadOnlyField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/Modal';
import { useConfirmedWrite, useNotify } from '../../shared/ui/notify';
import { FormActions } from '../../shared/ui/FormActions';
import { RowCard } from './components/RowCard';
import { RowFormLayer } from './components/RowFormLayer';
import { SearchedList } from './components/SearchedList';
import { memberListQuery, useResetMemberPassword, useSaveMember, useSetMemberState, useSetMemberType } from './api';
import './management.css';

const M = T.management;
const U = M.users;

/**
 * Sub-accounts (main account): search by name, id or phone; 16 a page; a checkbox per
 * row for the main-account type; register, edit, password reset and stop popups.
 */
export function UsersSection() {
  const { userInfo } = useSession();
  const notify = useNotify();
  const ask = useConfirmedWrite();
  const [editing, setEditing] = useState<MemberListItem | 'new' | null>(null);
  const [newPw, setNewPw] = useState<{ id: string; pw: string } | null>(null);
  const setType = useSetMemberType();
  const setState = useSetMemberState();
  const resetPw = useResetMemberPassword();
  const failed = (e: unknown) => void notify.alert(messageOf(e));
  const done = { onSuccess: (a: { message: string }) => notify.toast(a.message), onError: failed };

  /** Password reset shows the new password once; stopping ends the account's open sessions. */
  const askReset = (row: MemberListItem) =>
    void notify
      .confirm(
        { title: U.resetTitle, text: U.resetConfirm(row.id), confirmLabel: U.resetPw, busyLabel: U.stopping },
        () => resetPw.mutateAsync(row.seq),
      )
      .then((pw) => pw && setNewPw({ id: row.id, pw }), failed);
  const askStop = (row: MemberListItem) =>
    ask(
      { title: U.stopTitle, text: U.stopConfirm(row.id), confirmLabel: U.stop, busyLabel: U.stopping, danger: true },
      () => setState.mutateAsync({ seq: row.seq }),
    );

  const self = (row: MemberListItem) => row.seq === userInfo?.seq;
  const typeBox = (row: MemberListItem) => (
    <input
      type="checkbox"
      className="mg-type-check"
      checked={row.type === MEMBER_TYPE_MAIN}
      // The box follows the server: it changes once the answer came and the list was read again.
      disabled={self(row) || (setType.isPending && setType.variables?.seq === row.seq) || row.status !== 'active'}
      title={self(row) ? U.selfWhy : row.status !== 'active' ? U.stoppedWhy : undefined}
      aria-label={U.typeLabel(row.id)}
      onChange={(e) =>
        setType.mutate({ seq: row.seq, type: e.target.checked ? MEMBER_TYPE_MAIN : MEMBER_TYPE_SUB }, done)
      }
    />
  );
  const statusBadge = (row: MemberListItem) => (
    <span className={`mg-member-status ${row.status}`}>{U.status[row.status] ?? row.status}</span>
  );
  const selfWhy = (row: MemberListItem) => ({ disabled: self(row), title: self(row) ? U.selfWhy : undefined });
  const actions = (row: MemberListItem) => (
    <span className="mg-row-actions">
      <button type="button" className="btn btn-small" onClick={() => setEditing(row)}>
        {M.edit}
      </button>
      <button type="button" className="btn btn-small" {...selfWhy(row)} onClick={() => askReset(row)}>
        {U.resetPw}
      </button>
      {row.status === 'stopped' ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setState.mutate({ seq: row.seq, targetStatus: 'active' }, done)}
        >
          {U.resume}
        </button>
      ) : (
        <button type="button" className="btn btn-small btn-danger-line" {...selfWhy(row)} onClick={() => askStop(row)}>
          {U.stop}
        </button>
      )}
    </span>
  );
  const columns: Column<MemberListItem>[] = [
    { id: 'type', header: U.cols.type, width: 80, className: 'center', cell: typeBox },
    {
      id: 'id',
      header: U.cols.idMail,
      className: 'mg-id-cell',
      title: (r) => (r.mail === r.id ? r.id : `${r.id}\n${r.mail}`),
      sortValue: (r) => r.id,
      cell: (r) => (
        <>
          <span>{r.id}</span>
          {r.mail !== r.id && <span className="mg-sub-line">{r.mail}</span>}
        </>
      ),
    },
    { id: 'name', header: U.cols.name, width: 96, className: 'center', cell: (r) => r.name, sortValue: (r) => r.name },
    { id: 'phone', header: U.cols.phone, width: 128, className: 'center num', cell: (r) => phone(r.phone) },
    { id: 'status', header: U.cols.status, width: 80, className: 'center', cell: statusBadge },
    { id: 'manage', header: U.cols.manage, width: 246, className: 'center', cell: actions },
  ];

  return (
    <div>
      <SearchedList
        texts={U}
        searchBy={['name', 'id', 'phone']}
        onAdd={() => setEditing('new')}
        query={memberListQuery}
        size={PAGE_SIZE.subAccounts}
        idPrefix="mg-user"
        columns={columns}
        rowClassName={(r) => (r.status !== 'active' ? 'row-off' : undefined)}
        card={(row) => (
          <RowCard start={<b>{row.name}</b>} end={statusBadge(row)} title={row.id}>
            <p>
              {phone(row.phone)} · {row.mail}
            </p>
            <label className="check">
              {typeBox(row)} {U.cols.type}
            </label>
            {actions(row)}
          </RowCard>
        )}
      />

      {editing && <MemberForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {newPw && <NewPasswordModal id={newPw.id} pw={newPw.pw} onClose={() => setNewPw(null)} />}
    </div>
  );
}

/** The reset password, shown once (docs/requirements.md#limits). */
function NewPasswordModal({ id, pw, onClose }: { id: string; pw: string; onClose: () => void }) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pw);
      notify.toast(U.copied);
    } catch {
      /* the password stays on screen to copy by hand */
    }
  };
  return (
    <Modal title={U.resetDone} onClose={onClose} size="narrow">
      <div className="layer-body">
        <p className="mg-muted-line">{id}</p>
        <p className="mg-secret" data-testid="new-password">
          {pw}
        </p>
        <p className="field-hint">{U.resetOnce}</p>
      </div>
      <div className="layer-actions">
        <button type="button" className="btn" onClick={() => void copy()}>
          {U.copy}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose} autoFocus>
          {T.common.confirm}
        </button>
      </div>
    </Modal>
  );
}

/** Register (id and password too) or edit (name, phone, mail) an account, with the contract's rules. */
function MemberForm({ row, onClose }: { row: MemberListItem | null; onClose: () => void }) {
  const save = useSaveMember();
  const creating = row === null;
  // Editing leaves id and password out (the server ignores them there); the form has one shape. The
  // account's own name is saved unchanged, a changed one follows the rule (docs/requirements.md#validation).
  const schema = (
    creating ? createMemberRequest : editMemberRequest.omit({ seq: true }).extend({ name: editedNameField(row.name) })
  ) as typeof createMemberRequest;
  const form = useZodForm(schema, {
    id: '',
    pw: '',
    name: row?.name ?? '',
    phone: row?.phone ?? '',
    mail: row?.mail ?? '',
  });
  const toBody = (v: object) => ({ ...v, ...(row ? { seq: row.seq } : {}) }) as Parameters<typeof save.mutate>[0];

  return (
    <RowFormLayer title={creating ? U.formAdd : U.formEdit} onClose={onClose} form={form} save={save} toBody={toBody}>
      {creating ? (
        <>
          <Field name="id" id="mg-user-id" label={U.id} type="email" autoComplete="off" maxLength={50} />
          <PasswordField name="pw" id="mg-user-pw" label={U.pw} hint={U.pwHint} />
        </>
      ) : (
        <ReadOnlyField id="mg-user-id-ro" label={U.id} value={row.id} />
      )}
      <Field name="name" id="mg-user-name" label={U.name} maxLength={20} />
      <PhoneField name="phone" id="mg-user-phone" label={U.phone} hint={U.phoneHint} />
      <Field name="mail" id="mg-user-mail" label={U.mail} type="email" maxLength={50} />
      <FormActions busy={save.isPending} label={creating ? M.add : M.save} onCancel={onClose} />
    </RowFormLayer>
  );
}
