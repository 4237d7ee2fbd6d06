import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type ShippingAddressView } from '@partsmall/contract';
import { addressLine, phone } from '../../shared/format';
import { T } from '../../shared/texts';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { Modal } from '../../shared/ui/Modal';
import { addressListQuery } from '../management';
import './checkout.css';

const t = T.trade.addressBook;
const isBasic = (a: ShippingAddressView) => a.basic === 'true';

/** The address book of the checkout (desktop): saved addresses 10 a page, pick one. */
export function AddressBookModal({
  onPick,
  onClose,
}: {
  onPick: (a: ShippingAddressView) => void;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const list = useQuery(addressListQuery({ page, size: PAGE_SIZE.addressBook }));
  const columns: Column<ShippingAddressView>[] = [
    {
      id: 'basic',
      header: t.cols.basic,
      width: 56,
      className: 'center',
      cell: (a) => isBasic(a) && <span className="basic-badge">{t.basic}</span>,
    },
    { id: 'name', header: t.cols.name, width: 96, cell: (a) => a.name, sortValue: (a) => a.name },
    { id: 'phone', header: t.cols.phone, width: 124, className: 'nowrap', cell: (a) => phone(a.phone) },
    { id: 'address', header: t.cols.address, cell: (a) => addressLine(a) },
    {
      id: 'pick',
      header: t.cols.pick,
      width: 64,
      className: 'center',
      cell: (a) => (
        <button type="button" className="btn btn-small" onClick={() => onPick(a)} aria-label={`${a.name} ${t.pick}`}>
          {t.pick}
        </button>
      ),
    },
  ];
  return (
    <Modal title={t.title} onClose={onClose} size="wide" className="address-book">
      <DataTable
        columns={columns}
        query={list}
        rowKey={(a) => a.seq}
        label={t.title}
        className="ab-table"
        emptyText={t.empty}
        paging={{ page, size: PAGE_SIZE.addressBook, onPage: setPage }}
      />
    </Modal>
  );
}

/** The mobile address book: one select of up to 100 saved addresses. */
export function AddressSelect({ onPick, label }: { onPick: (a: ShippingAddressView) => void; label: string }) {
  const list = useQuery(addressListQuery({ page: 1, size: PAGE_SIZE.addressBookMobile })).data?.results;
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
          <option value="">
            {list && list.length === 0 ? T.trade.checkout.pickSavedNone : T.trade.checkout.pickPlaceholder}
          </option>
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
