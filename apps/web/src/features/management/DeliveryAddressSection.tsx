import { useState, type FormEvent } from 'react';
import { MSG_MEMBER, PAGE_SIZE, hyphenatePhone, savedAddressRequest } from '@partsmall/contract';
import { post } from '../../shared/api';
import { T } from '../../shared/texts';
import { TextField } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import type { ShippingAddress } from './api';
import { ConfirmModal, Modal, Pager, SectionHead, TableState, issuesOf, PHONE_INPUT_MAX, upTo } from './parts';
import { PostcodeFields } from './postcode';
import { useList } from './useList';

const M = T.management;
const A = M.address;
const SEARCH_TYPES = ['name', 'phone'] as const;

/** Delivery addresses (spec 2 §2): search, table with paging, add/edit popup, delete popup, default toggle. */
export function DeliveryAddressSection({ mobile }: { mobile: boolean }) {
  const notify = useNotify();
  const [searchType, setSearchType] = useState<(typeof SEARCH_TYPES)[number]>('name');
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ searchType: 'name', searchKeyword: '', page: 1 });
  const list = useList<ShippingAddress>('api/getMyShippingInfo', { ...query, size: PAGE_SIZE.memberArea });
  const [editing, setEditing] = useState<ShippingAddress | 'new' | null>(null);
  const [removing, setRemoving] = useState<ShippingAddress | null>(null);
  const [busy, setBusy] = useState(false);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ searchType, searchKeyword: keyword.trim(), page: 1 });
  };

  const makeBasic = async (row: ShippingAddress) => {
    if (row.basic === 'true') {
      await notify.alert(MSG_MEMBER.addressAlreadyBasic);
      return;
    }
    const res = await post('api/setMallShippingBasic', { seq: row.seq });
    if (res.code === 201) {
      notify.toast(res.message);
      list.reload();
    } else await notify.alert(res.message);
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    const res = await post('api/stateShippingInfo', { seq: removing.seq }).finally(() => setBusy(false));
    if (res.code === 201) {
      setRemoving(null);
      notify.toast(res.message || A.removed);
      list.reload();
    } else {
      setRemoving(null);
      await notify.alert(res.message);
    }
  };

  const basicToggle = (row: ShippingAddress) => (
    <button
      type="button"
      className={`mg-basic${row.basic === 'true' ? ' on' : ''}`}
      aria-pressed={row.basic === 'true'}
      aria-label={A.basicLabel(row.name)}
      onClick={() => void makeBasic(row)}
    >
      {row.basic === 'true' ? A.basic : A.setBasic}
    </button>
  );
  const actions = (row: ShippingAddress) => (
    <span className="mg-row-actions">
      <button type="button" className="btn btn-small" onClick={() => setEditing(row)}>
        {M.edit}
      </button>
      <button type="button" className="btn btn-small btn-danger-line" onClick={() => setRemoving(row)}>
        {M.remove}
      </button>
    </span>
  );

  return (
    <div>
      <SectionHead title={A.title} intro={A.intro}>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {A.add}
        </button>
      </SectionHead>
      <div className="board-toolbar mg-toolbar">
        <p className="board-summary" aria-live="polite">
          {M.total(list.total)}
          {list.loading && <span className="spinner" aria-label={T.common.loading} />}
        </p>
        <form className="board-search" role="search" onSubmit={search}>
          <label className="sr-only" htmlFor="mg-addr-type">
            {A.searchType}
          </label>
          <select id="mg-addr-type" value={searchType} onChange={(e) => setSearchType(e.target.value as (typeof SEARCH_TYPES)[number])}>
            {SEARCH_TYPES.map((t) => (
              <option key={t} value={t}>
                {A.searchTypes[t]}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="mg-addr-keyword">
            {A.keyword}
          </label>
          <input
            id="mg-addr-keyword"
            type="search"
            value={keyword}
            maxLength={50}
            placeholder={A.keywordPlaceholder}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {M.search}
          </button>
        </form>
      </div>

      {mobile ? (
        <ul className="mg-cards" aria-busy={list.loading} aria-label={A.title}>
          {list.rows.map((row) => (
            <li key={row.seq} className="mg-card">
              <div className="mg-card-head">
                <b>{row.name}</b>
                {basicToggle(row)}
              </div>
              <p>{hyphenatePhone(row.phone)}</p>
              <p>
                [{row.postNum}] {row.address} {row.addrSub}
              </p>
              {actions(row)}
            </li>
          ))}
          {list.rows.length === 0 && <li className="empty-row">{list.loading ? T.common.loading : (list.error ?? T.common.empty)}</li>}
        </ul>
      ) : (
        <table className="board-table mg-table" aria-busy={list.loading} aria-label={A.title}>
          <colgroup>
            <col style={{ width: 96 }} />
            <col style={{ width: 120 }} />
            <col style={{ width: 140 }} />
            <col />
            <col style={{ width: 130 }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{A.cols.basic}</th>
              <th scope="col">{A.cols.name}</th>
              <th scope="col">{A.cols.phone}</th>
              <th scope="col">{A.cols.address}</th>
              <th scope="col">{A.cols.manage}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.seq}>
                <td className="center">{basicToggle(row)}</td>
                <td className="center">{row.name}</td>
                <td className="center num">{hyphenatePhone(row.phone)}</td>
                <td>
                  <span className="muted">[{row.postNum}]</span> {row.address} {row.addrSub}
                </td>
                <td className="center">{actions(row)}</td>
              </tr>
            ))}
            <TableState colSpan={5} loading={list.loading && list.rows.length === 0} empty={list.rows.length === 0} error={list.error} />
          </tbody>
        </table>
      )}
      <Pager page={query.page} total={list.total} size={PAGE_SIZE.memberArea} onPage={(page) => setQuery((q) => ({ ...q, page }))} />

      {editing && (
        <AddressForm
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {removing && (
        <ConfirmModal
          title={A.removeTitle}
          text={A.removeConfirm(removing.name)}
          confirmLabel={M.remove}
          busyLabel={A.removing}
          busy={busy}
          danger
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}

function AddressForm({ row, onClose, onSaved }: { row: ShippingAddress | null; onClose: () => void; onSaved: () => void }) {
  const notify = useNotify();
  const [name, setName] = useState(row?.name ?? '');
  const [phone, setPhone] = useState(row?.phone ?? '');
  const [postNum, setPostNum] = useState(row?.postNum ?? '');
  const [address, setAddress] = useState(row?.address ?? '');
  const [addrSub, setAddrSub] = useState(row?.addrSub ?? '');
  const [basic, setBasic] = useState(row?.basic === 'true');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The spec's alerts for empty fields first (spec 2 §5), then the length rules of the contract.
    const empty =
      name.trim() === '' ? ['name', A.nameEmpty] : phone === '' ? ['phone', A.phoneEmpty] : postNum === '' || address.trim() === '' ? ['postNum', A.addressEmpty] : null;
    if (empty) {
      setErrors({ [empty[0]!]: empty[1]! });
      await notify.alert(empty[1]!);
      return;
    }
    const values = { ...(row ? { seq: row.seq } : {}), name, phone, postNum, address, addrSub, basic: basic ? 'true' : 'false' };
    const found = issuesOf(savedAddressRequest, values);
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      await notify.alert(first);
      return;
    }
    setBusy(true);
    const res = await post('api/setMallShppingInfo', values).finally(() => setBusy(false));
    if (res.code === 201) {
      notify.toast(res.message);
      onSaved();
    } else await notify.alert(res.message);
  };

  return (
    <Modal title={row ? A.formEdit : A.formAdd} onClose={onClose} busy={busy}>
      <form className="form mg-modal-form" onSubmit={submit} noValidate>
        <TextField name="name" id="mg-addr-name" label={A.name} value={name} maxLength={20} onValue={setName} error={errors.name} />
        <TextField
          name="phone"
          id="mg-addr-phone"
          label={A.phone}
          value={phone}
          digits
          maxLength={PHONE_INPUT_MAX}
          hint={A.phoneHint}
          onValue={upTo(11, setPhone)}
          error={errors.phone}
        />
        <PostcodeFields
          ids={{ postNum: 'mg-addr-post', address: 'mg-addr-address' }}
          labels={{ postNum: A.postNum, address: A.address }}
          postNum={postNum}
          address={address}
          onChange={(p, a) => {
            setPostNum(p);
            setAddress(a);
          }}
          errors={{ postNum: errors.postNum, address: errors.address }}
        />
        <TextField name="addrSub" id="mg-addr-sub" label={A.addrSub} value={addrSub} maxLength={100} onValue={setAddrSub} error={errors.addrSub} />
        <label className="check">
          <input type="checkbox" checked={basic} onChange={(e) => setBasic(e.target.checked)} />
          {A.makeBasic}
        </label>
        <div className="mg-form-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {T.common.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? M.saving : M.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
