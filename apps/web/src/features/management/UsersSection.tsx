import { useState, type FormEvent } from 'react';
import { MEMBER_TYPE_MAIN, MEMBER_TYPE_SUB, PAGE_SIZE, createMemberRequest, editMemberRequest, hyphenatePhone } from '@partsmall/contract';
import { post } from '../../shared/api';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { TextField } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import type { SubAccount } from './api';
import { ConfirmModal, Modal, Pager, SectionHead, TableState, useSchemaForm, PHONE_INPUT_MAX, upTo } from './parts';
import { useList } from './useList';

const M = T.management;
const U = M.users;
const SEARCH_TYPES = ['name', 'id', 'phone'] as const;
type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * Sub-accounts (spec 2 §2, main account): search by name, id or phone; 16 a page; a checkbox per
 * row for the main-account type; register, edit, password reset and stop popups.
 */
export function UsersSection({ mobile }: { mobile: boolean }) {
  const { userInfo } = useSession();
  const notify = useNotify();
  const [searchType, setSearchType] = useState<SearchType>('name');
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ searchType: 'name', searchKeyword: '', page: 1 });
  const list = useList<SubAccount>('api/getMallMemberInfo', { ...query, size: PAGE_SIZE.subAccounts });
  const [editing, setEditing] = useState<SubAccount | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'reset' | 'stop'; row: SubAccount } | null>(null);
  const [newPw, setNewPw] = useState<{ id: string; pw: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [typeBusy, setTypeBusy] = useState<number | null>(null);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ searchType, searchKeyword: keyword.trim(), page: 1 });
  };

  const setType = async (row: SubAccount, main: boolean) => {
    setTypeBusy(row.seq);
    const res = await post('api/setMallMemberType', { seq: row.seq, type: main ? MEMBER_TYPE_MAIN : MEMBER_TYPE_SUB }).finally(() => setTypeBusy(null));
    if (res.code === 201 || res.code === 200) notify.toast(res.message);
    else await notify.alert(res.message);
    list.reload();
  };

  const runConfirm = async () => {
    if (!confirm) return;
    const { kind, row } = confirm;
    setBusy(true);
    if (kind === 'reset') {
      const res = await post<{ pw: string }>('api/initMallMemberPw', { seq: row.seq }).finally(() => setBusy(false));
      setConfirm(null);
      if ((res.code === 201 || res.code === 200) && res.results?.pw) setNewPw({ id: row.id, pw: res.results.pw });
      else await notify.alert(res.message);
      return;
    }
    const res = await post('api/stateMemberInfo', { seq: row.seq }).finally(() => setBusy(false));
    setConfirm(null);
    if (res.code === 201) {
      notify.toast(res.message || U.stopped);
      list.reload();
    } else await notify.alert(res.message);
  };

  const resume = async (row: SubAccount) => {
    const res = await post('api/stateMemberInfo', { seq: row.seq, status: 'active' });
    if (res.code === 201) {
      notify.toast(res.message);
      list.reload();
    } else await notify.alert(res.message);
  };

  const self = (row: SubAccount) => row.seq === userInfo?.seq;
  const typeBox = (row: SubAccount) => (
    <input
      type="checkbox"
      className="mg-type-check"
      checked={row.type === MEMBER_TYPE_MAIN}
      disabled={self(row) || typeBusy === row.seq || row.status !== 'active'}
      title={self(row) ? U.selfWhy : row.status !== 'active' ? U.stoppedWhy : undefined}
      aria-label={U.typeLabel(row.id)}
      onChange={(e) => void setType(row, e.target.checked)}
    />
  );
  const statusBadge = (row: SubAccount) => <span className={`mg-member-status ${row.status}`}>{U.status[row.status] ?? row.status}</span>;
  const actions = (row: SubAccount) => (
    <span className="mg-row-actions">
      <button type="button" className="btn btn-small" onClick={() => setEditing(row)}>
        {M.edit}
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={self(row)}
        title={self(row) ? U.selfWhy : undefined}
        onClick={() => setConfirm({ kind: 'reset', row })}
      >
        {U.resetPw}
      </button>
      {row.status === 'stopped' ? (
        <button type="button" className="btn btn-small" onClick={() => void resume(row)}>
          {U.resume}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-small btn-danger-line"
          disabled={self(row)}
          title={self(row) ? U.selfWhy : undefined}
          onClick={() => setConfirm({ kind: 'stop', row })}
        >
          {U.stop}
        </button>
      )}
    </span>
  );

  return (
    <div>
      <SectionHead title={U.title} intro={U.intro}>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {U.add}
        </button>
      </SectionHead>
      <div className="board-toolbar mg-toolbar">
        <p className="board-summary" aria-live="polite">
          {M.total(list.total)}
          {list.loading && <span className="spinner" aria-label={T.common.loading} />}
        </p>
        <form className="board-search" role="search" onSubmit={search}>
          <label className="sr-only" htmlFor="mg-user-type">
            {U.searchType}
          </label>
          <select id="mg-user-type" value={searchType} onChange={(e) => setSearchType(e.target.value as SearchType)}>
            {SEARCH_TYPES.map((t) => (
              <option key={t} value={t}>
                {U.searchTypes[t]}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="mg-user-keyword">
            {U.keyword}
          </label>
          <input
            id="mg-user-keyword"
            type="search"
            value={keyword}
            maxLength={50}
            placeholder={U.keywordPlaceholder}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {M.search}
          </button>
        </form>
      </div>

      {mobile ? (
        <ul className="mg-cards" aria-busy={list.loading} aria-label={U.title}>
          {list.rows.map((row) => (
            <li key={row.seq} className="mg-card">
              <div className="mg-card-head">
                <b>{row.name}</b>
                {statusBadge(row)}
              </div>
              <p className="mg-card-title">{row.id}</p>
              <p>
                {hyphenatePhone(row.phone)} · {row.mail}
              </p>
              <label className="check">
                {typeBox(row)} {U.cols.type}
              </label>
              {actions(row)}
            </li>
          ))}
          {list.rows.length === 0 && <li className="empty-row">{list.loading ? T.common.loading : (list.error ?? T.common.empty)}</li>}
        </ul>
      ) : (
        <table className="board-table mg-table" aria-busy={list.loading} aria-label={U.title}>
          <colgroup>
            <col style={{ width: 80 }} />
            <col />
            <col style={{ width: 96 }} />
            <col style={{ width: 128 }} />
            <col style={{ width: 80 }} />
            <col style={{ width: 246 }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{U.cols.type}</th>
              <th scope="col">{U.cols.idMail}</th>
              <th scope="col">{U.cols.name}</th>
              <th scope="col">{U.cols.phone}</th>
              <th scope="col">{U.cols.status}</th>
              <th scope="col">{U.cols.manage}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.seq} className={row.status !== 'active' ? 'row-off' : undefined}>
                <td className="center">{typeBox(row)}</td>
                <td className="mg-id-cell" title={row.mail === row.id ? row.id : `${row.id}\n${row.mail}`}>
                  <span>{row.id}</span>
                  {row.mail !== row.id && <span className="mg-sub-line">{row.mail}</span>}
                </td>
                <td className="center">{row.name}</td>
                <td className="center num">{hyphenatePhone(row.phone)}</td>
                <td className="center">{statusBadge(row)}</td>
                <td className="center">{actions(row)}</td>
              </tr>
            ))}
            <TableState colSpan={6} loading={list.loading && list.rows.length === 0} empty={list.rows.length === 0} error={list.error} />
          </tbody>
        </table>
      )}
      <Pager page={query.page} total={list.total} size={PAGE_SIZE.subAccounts} onPage={(page) => setQuery((q) => ({ ...q, page }))} />

      {editing && (
        <MemberForm
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {confirm && (
        <ConfirmModal
          title={confirm.kind === 'reset' ? U.resetTitle : U.stopTitle}
          text={confirm.kind === 'reset' ? U.resetConfirm(confirm.row.id) : U.stopConfirm(confirm.row.id)}
          confirmLabel={confirm.kind === 'reset' ? U.resetPw : U.stop}
          busyLabel={U.stopping}
          busy={busy}
          danger={confirm.kind === 'stop'}
          onConfirm={() => void runConfirm()}
          onCancel={() => setConfirm(null)}
        />
      )}
      {newPw && <NewPasswordModal id={newPw.id} pw={newPw.pw} onClose={() => setNewPw(null)} />}
    </div>
  );
}

/** The reset password, shown once (spec 2 §9). */
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
    <Modal title={U.resetDone} onClose={onClose}>
      <p className="mg-muted-line">{id}</p>
      <p className="mg-secret" data-testid="new-password">
        {pw}
      </p>
      <p className="field-hint">{U.resetOnce}</p>
      <div className="mg-form-actions">
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

function MemberForm({ row, onClose, onSaved }: { row: SubAccount | null; onClose: () => void; onSaved: () => void }) {
  const notify = useNotify();
  const creating = row === null;
  const [f, setF] = useState({ id: '', pw: '', name: row?.name ?? '', phone: row?.phone ?? '', mail: row?.mail ?? '' });
  const set = (key: keyof typeof f) => (value: string) => setF((v) => ({ ...v, [key]: value }));
  const { errors, checkField, validate } = useSchemaForm(creating ? createMemberRequest : editMemberRequest);
  const [busy, setBusy] = useState(false);
  const values = creating ? f : { seq: row.seq, name: f.name, phone: f.phone, mail: f.mail };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validate(values);
    if (problem) {
      await notify.alert(problem);
      return;
    }
    setBusy(true);
    const res = await post('api/setMallMemberInfo', values).finally(() => setBusy(false));
    if (res.code === 201 || res.code === 200) {
      notify.toast(res.message);
      onSaved();
    } else await notify.alert(res.message);
  };
  const blur = (key: string) => () => checkField(key, values);

  return (
    <Modal title={creating ? U.formAdd : U.formEdit} onClose={onClose} busy={busy}>
      <form className="form mg-modal-form" onSubmit={submit} noValidate>
        {creating ? (
          <>
            <TextField
              name="id"
              id="mg-user-id"
              label={U.id}
              type="email"
              autoComplete="off"
              value={f.id}
              maxLength={50}
              onValue={set('id')}
              onBlur={blur('id')}
              error={errors.id}
            />
            <TextField
              name="pw"
              id="mg-user-pw"
              label={U.pw}
              type="password"
              autoComplete="new-password"
              value={f.pw}
              maxLength={20}
              hint={U.pwHint}
              onValue={set('pw')}
              onBlur={blur('pw')}
              error={errors.pw}
            />
          </>
        ) : (
          <div className="field">
            <label htmlFor="mg-user-id-ro">{U.id}</label>
            <div className="field-row">
              <input id="mg-user-id-ro" value={row.id} readOnly />
            </div>
          </div>
        )}
        <TextField name="name" id="mg-user-name" label={U.name} value={f.name} maxLength={20} onValue={set('name')} onBlur={blur('name')} error={errors.name} />
        <TextField
          name="phone"
          id="mg-user-phone"
          label={U.phone}
          value={f.phone}
          digits
          maxLength={PHONE_INPUT_MAX}
          hint={U.phoneHint}
          onValue={upTo(11, set('phone'))}
          onBlur={blur('phone')}
          error={errors.phone}
        />
        <TextField name="mail" id="mg-user-mail" label={U.mail} type="email" value={f.mail} maxLength={50} onValue={set('mail')} onBlur={blur('mail')} error={errors.mail} />
        <div className="mg-form-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {T.common.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? M.saving : creating ? M.add : M.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
