import { useState } from 'react';
import { z } from 'zod';
import { MSG_MEMBER, PAGE_SIZE, savedAddressRequest, type ShippingAddressView } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { phone } from '../../shared/format';
import { T } from '../../shared/texts';
import type { Column } from '../../shared/ui/DataTable';
import { CheckField, Field, PhoneField, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { FormActions } from '../../shared/ui/FormActions';
import { RowFormLayer } from './components/RowFormLayer';
import { SearchedList } from './components/SearchedList';
import { PostcodeFields } from './postcode';
import { addressListQuery, useDeleteAddress, useSaveAddress, useSetBasicAddress } from './api';
import './management.css';

const M = T.management;
const A = M.address;

/**
 * The address form: the original alerts for empty fields first (docs/requirements.md#validation), then the length rules
 * of the contract's savedAddressRequest.
 */
const addressForm = z.object({
  name: z.string().trim().min(1, A.nameEmpty).pipe(savedAddressRequest.shape.name),
  phone: z.string().min(1, A.phoneEmpty).pipe(savedAddressRequest.shape.phone),
  postNum: z.string().min(1, A.addressEmpty).pipe(savedAddressRequest.shape.postNum),
  address: z.string().trim().min(1, A.addressEmpty).pipe(savedAddressRequest.shape.address),
  addrSub: savedAddressRequest.shape.addrSub,
  basic: z.boolean(),
});

/** Delivery addresses (docs/requirements.md#member-area): search, table with paging, add/edit popup, delete popup, default toggle. */
export function DeliveryAddressSection() {
  const notify = useNotify();
  const [editing, setEditing] = useState<ShippingAddressView | 'new' | null>(null);
  const basic = useSetBasicAddress();
  const remove = useDeleteAddress();
  const failed = (e: unknown) => void notify.alert(messageOf(e));

  const makeBasic = (row: ShippingAddressView) => {
    // The default address says so and sends nothing (docs/requirements.md#member-area).
    if (row.basic === 'true') return void notify.alert(MSG_MEMBER.addressAlreadyBasic);
    basic.mutate(row.seq, { onSuccess: (a) => notify.toast(a.message), onError: failed });
  };
  const askRemove = (row: ShippingAddressView) =>
    void notify
      .confirm(
        {
          title: A.removeTitle,
          text: A.removeConfirm(row.name),
          confirmLabel: M.remove,
          busyLabel: A.removing,
          danger: true,
        },
        () => remove.mutateAsync(row.seq),
      )
      .then((a) => a && notify.toast(a.message || A.removed), failed);

  const basicToggle = (row: ShippingAddressView) => (
    <button
      type="button"
      className={`mg-basic${row.basic === 'true' ? ' on' : ''}`}
      aria-pressed={row.basic === 'true'}
      // The visible words start the name; the rest says which address (WCAG 2.5.3 label in name).
      aria-label={`${row.basic === 'true' ? A.basic : A.setBasic} ${A.basicLabel(row.name)}`}
      onClick={() => makeBasic(row)}
    >
      {row.basic === 'true' ? A.basic : A.setBasic}
    </button>
  );
  const actions = (row: ShippingAddressView) => (
    <span className="mg-row-actions">
      <button type="button" className="btn btn-small" onClick={() => setEditing(row)}>
        {M.edit}
      </button>
      <button type="button" className="btn btn-small btn-danger-line" onClick={() => askRemove(row)}>
        {M.remove}
      </button>
    </span>
  );
  const columns: Column<ShippingAddressView>[] = [
    { id: 'basic', header: A.cols.basic, width: 96, className: 'center', cell: basicToggle },
    { id: 'name', header: A.cols.name, width: 120, className: 'center', cell: (r) => r.name, sortValue: (r) => r.name },
    { id: 'phone', header: A.cols.phone, width: 140, className: 'center num', cell: (r) => phone(r.phone) },
    {
      id: 'address',
      header: A.cols.address,
      cell: (r) => (
        <>
          <span className="muted">[{r.postNum}]</span> {r.address} {r.addrSub}
        </>
      ),
    },
    { id: 'manage', header: A.cols.manage, width: 130, className: 'center', cell: actions },
  ];

  return (
    <div>
      <SearchedList
        texts={A}
        searchBy={['name', 'phone']}
        onAdd={() => setEditing('new')}
        query={addressListQuery}
        size={PAGE_SIZE.memberArea}
        idPrefix="mg-addr"
        columns={columns}
        card={(row) => (
          <>
            <div className="mg-card-head">
              <b>{row.name}</b>
              {basicToggle(row)}
            </div>
            <p>{phone(row.phone)}</p>
            <p>
              [{row.postNum}] {row.address} {row.addrSub}
            </p>
            {actions(row)}
          </>
        )}
      />

      {editing && <AddressForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function AddressForm({ row, onClose }: { row: ShippingAddressView | null; onClose: () => void }) {
  const save = useSaveAddress();
  // The default keeps its mark until another address takes it (docs/requirements.md#member-area).
  const isDefault = row?.basic === 'true';
  const form = useZodForm(addressForm, {
    name: row?.name ?? '',
    phone: row?.phone ?? '',
    postNum: row?.postNum ?? '',
    address: row?.address ?? '',
    addrSub: row?.addrSub ?? '',
    basic: row?.basic === 'true',
  });
  const toBody = (v: z.output<typeof addressForm>) => ({
    ...v,
    ...(row ? { seq: row.seq } : {}),
    basic: v.basic ? ('true' as const) : ('false' as const),
  });

  return (
    <RowFormLayer title={row ? A.formEdit : A.formAdd} onClose={onClose} form={form} save={save} toBody={toBody}>
      <Field name="name" id="mg-addr-name" label={A.name} maxLength={20} />
      <PhoneField name="phone" id="mg-addr-phone" label={A.phone} hint={A.phoneHint} />
      <PostcodeFields
        names={{ postNum: 'postNum', address: 'address' }}
        ids={{ postNum: 'mg-addr-post', address: 'mg-addr-address' }}
        labels={{ postNum: A.postNum, address: A.address }}
      />
      <Field name="addrSub" id="mg-addr-sub" label={A.addrSub} maxLength={100} />
      <CheckField name="basic" label={A.makeBasic} disabled={isDefault} hint={isDefault ? A.basicFixed : null} />
      <FormActions busy={save.isPending} label={M.save} onCancel={onClose} />
    </RowFormLayer>
  );
}
