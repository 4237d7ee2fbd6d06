import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fitVehicleLabel, saveMyVehicleRequest, VEHICLE_NAME_MAX, type MyVehicle } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { dateTime } from '../../shared/format';
import type { Column } from '../../shared/ui/DataTable';
import { DataTable } from '../../shared/ui/DataTable';
import { Field, useZodForm } from '../../shared/ui/form';
import { ModalForm } from '../../shared/ui/ModalForm';
import { useConfirmedWrite } from '../../shared/ui/notify';
import { myVehiclesQuery, useRemoveVehicle, useSaveVehicle, VEHICLE_TEXTS as V } from '../vehicles';
import { FormActions } from '../../shared/ui/FormActions';
import { SectionHead } from './components/SectionHead';
import { dateColumn } from '../../shared/ui/columns';

const titleOf = (v: MyVehicle) => v.name || v.title;

/** 내 차량 (docs/requirements.md#my-vehicles): the VINs the company opened, named or removed. */
export function MyVehiclesSection() {
  const ask = useConfirmedWrite();
  const list = useQuery(myVehiclesQuery());
  const remove = useRemoveVehicle();
  const [renaming, setRenaming] = useState<MyVehicle | null>(null);

  const askRemove = (v: MyVehicle) =>
    ask(
      {
        title: V.removeTitle,
        text: V.removeConfirm(titleOf(v)),
        confirmLabel: V.remove,
        busyLabel: V.removing,
        danger: true,
      },
      () => remove.mutateAsync(v.vin),
    );

  const actions = (v: MyVehicle) => (
    <span className="mg-row-actions">
      {[
        { label: V.rename, className: 'btn btn-small', act: () => setRenaming(v) },
        { label: V.remove, className: 'btn btn-small btn-danger-line', act: () => askRemove(v) },
      ].map(({ label, className, act }) => (
        <button key={label} type="button" className={className} onClick={act} aria-label={`${label} ${titleOf(v)}`}>
          {label}
        </button>
      ))}
    </span>
  );
  const columns: Column<MyVehicle>[] = [
    {
      id: 'vehicle',
      header: V.cols.vehicle,
      cell: (v) => (
        <>
          <b>{titleOf(v)}</b>
          {v.name && <span className="muted"> · {v.title}</span>}
        </>
      ),
    },
    { id: 'vin', header: V.cols.vin, width: 200, className: 'center num', cell: (v) => v.vin },
    dateColumn('lastOpened', V.cols.lastOpened, (v) => v.lastOpenedAt, { width: 160, sort: true }),
    { id: 'manage', header: V.cols.manage, width: 150, className: 'center', cell: actions },
  ];

  return (
    <div>
      <SectionHead title={V.title} intro={V.intro} />
      <DataTable
        columns={columns}
        rows={list.data ?? []}
        loading={list.isFetching}
        error={list.error ? messageOf(list.error) : null}
        emptyText={V.empty}
        rowKey={(v) => v.vin}
        label={V.title}
        rowTestId="my-vehicle"
        card={(v) => (
          <>
            <div className="mg-card-head">
              <b>{fitVehicleLabel({ vin: v.vin, title: titleOf(v) })}</b>
            </div>
            <p className="num">{v.vin}</p>
            <p className="muted">{dateTime(v.lastOpenedAt)}</p>
            {actions(v)}
          </>
        )}
      />
      {renaming && <RenameForm vehicle={renaming} onClose={() => setRenaming(null)} />}
    </div>
  );
}

const renameForm = z.object({ vin: z.string(), name: saveMyVehicleRequest.shape.name });

function RenameForm({ vehicle, onClose }: { vehicle: MyVehicle; onClose: () => void }) {
  const save = useSaveVehicle();
  const form = useZodForm(renameForm, { vin: vehicle.vin, name: vehicle.name });
  return (
    <ModalForm title={V.renameTitle} onClose={onClose} write={save} size="narrow" form={form}>
      <p className="muted">
        {vehicle.title} · {vehicle.vin}
      </p>
      {/* Characters as the server counts them: 30 emoji fit (Field's maxLength). */}
      <Field name="name" label={V.nameLabel} maxLength={VEHICLE_NAME_MAX} autoComplete="off" />
      <FormActions busy={save.isPending} label={V.rename} onCancel={onClose} />
    </ModalForm>
  );
}
