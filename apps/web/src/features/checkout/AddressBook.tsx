import { useEffect, useState } from 'react';
import { PAGE_SIZE, hyphenatePhone } from '@partsmall/contract';
import { T } from '../../shared/texts';
import { addressLine } from '../orders/format';
import { fetchAddresses, type SavedAddress } from './api';

const t = T.trade.addressBook;
const isBasic = (a: SavedAddress) => a.basic === true || a.basic === 'true';

/** The address book of the checkout (desktop): saved addresses 10 a page, pick one. */
export function AddressBookModal({ onPick, onClose }: { onPick: (a: SavedAddress) => void; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: SavedAddress[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void fetchAddresses(page).then((res) => {
      if (!live) return;
      if (res.ok) {
        setData({ list: res.list, total: res.total });
        setError(null);
      } else setError(res.message);
    });
    return () => {
      live = false;
    };
  }, [page]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const last = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE.addressBook));
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal address-book" role="dialog" aria-modal="true" aria-label={t.title} onClick={(e) => e.stopPropagation()}>
        <header className="modal-head">
          <h2>{t.title}</h2>
          <button type="button" className="popup-close" onClick={onClose} aria-label={T.common.close}>
            ×
          </button>
        </header>
        <table className="ab-table" aria-busy={!data}>
          <thead>
            <tr>
              <th scope="col" className="c-basic">{t.cols.basic}</th>
              <th scope="col" className="c-name">{t.cols.name}</th>
              <th scope="col" className="c-phone">{t.cols.phone}</th>
              <th scope="col">{t.cols.address}</th>
              <th scope="col" className="c-pick">{t.cols.pick}</th>
            </tr>
          </thead>
          <tbody>
            {!data && !error && (
              <tr>
                <td colSpan={5} className="empty-cell">
                  <span className="spinner" aria-label={T.common.loading} />
                </td>
              </tr>
            )}
            {error && (
              <tr>
                <td colSpan={5} className="empty-cell">
                  {error}
                </td>
              </tr>
            )}
            {data?.list.length === 0 && (
              <tr>
                <td colSpan={5} className="empty-cell">
                  {t.empty}
                </td>
              </tr>
            )}
            {data?.list.map((a) => (
              <tr key={a.seq}>
                <td className="center">{isBasic(a) && <span className="basic-badge">{t.basic}</span>}</td>
                <td>{a.name}</td>
                <td className="nowrap">{hyphenatePhone(a.phone)}</td>
                <td>{addressLine(a)}</td>
                <td className="center">
                  <button type="button" className="btn btn-small" onClick={() => onPick(a)} aria-label={`${a.name} ${t.pick}`}>
                    {t.pick}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {last > 1 && (
          <nav className="ab-pager" aria-label={t.pager}>
            <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t.prev}
            </button>
            {Array.from({ length: last }, (_, i) => i + 1)
              .filter((n) => Math.abs(n - page) < 5)
              .map((n) => (
                <button
                  key={n}
                  type="button"
                  className={`btn btn-small${n === page ? ' btn-primary' : ''}`}
                  aria-current={n === page ? 'page' : undefined}
                  aria-label={t.page(n)}
                  onClick={() => setPage(n)}
                >
                  {n}
                </button>
              ))}
            <button type="button" className="btn btn-small" disabled={page >= last} onClick={() => setPage((p) => p + 1)}>
              {t.next}
            </button>
          </nav>
        )}
      </div>
    </div>
  );
}

/** The mobile address book: one select of up to 100 saved addresses. */
export function AddressSelect({ onPick, label }: { onPick: (a: SavedAddress) => void; label: string }) {
  const [list, setList] = useState<SavedAddress[] | null>(null);
  useEffect(() => {
    let live = true;
    void fetchAddresses(1, PAGE_SIZE.addressBookMobile).then((res) => live && setList(res.ok ? res.list : []));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="field">
      <label htmlFor="f-saved-address">{label}</label>
      <div className="field-row">
        <select
          id="f-saved-address"
          value=""
          disabled={!list || list.length === 0}
          onChange={(e) => {
            const picked = list?.find((a) => String(a.seq) === e.target.value);
            if (picked) onPick(picked);
          }}
        >
          <option value="">{list && list.length === 0 ? T.trade.checkout.pickSavedNone : T.trade.checkout.pickPlaceholder}</option>
          {list?.map((a) => (
            <option key={a.seq} value={a.seq}>
              {isBasic(a) ? `[${t.basic}] ` : ''}
              {a.name} · {a.address}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
