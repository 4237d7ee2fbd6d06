import { useQuery } from '@tanstack/react-query';
import type { EpcVehicleInfo } from '@partsmall/contract';
import { Modal } from '../../../shared/ui/Modal';
import { configQuery, type VehicleKey } from '../api';
import { TE } from '../texts';

/** The data panel (vehicle info) beside the main groups when no group is open. */
export function VehicleData({ info }: { info: EpcVehicleInfo }) {
  return (
    <section className="epc-data" aria-label={TE.vehicleInfo}>
      <h2>
        {info.data.model_name} {info.data.year ?? ''}
      </h2>
      <p className="muted">{info.data.name}</p>
      <dl className="spec-list">
        {Object.entries(info.data.maindata).map(([k, v]) => (
          <div key={k} className="spec-pair">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {info.data.decoded?.warning && <p className="warn">{info.data.decoded.warning}</p>}
    </section>
  );
}

export function VehicleInfoModal({
  info,
  vehicleKey,
  onClose,
}: {
  info: EpcVehicleInfo;
  vehicleKey: VehicleKey;
  onClose(): void;
}) {
  const config = useQuery(configQuery(vehicleKey));
  const d = info.data.decoded;
  return (
    <Modal title={TE.vehicleInfo} onClose={onClose} size="wide">
      {/* The layer's padding: without it the facts were drawn against the dialog's edges. */}
      <div className="layer-body">
        <div className="epc-info">
          <VehicleData info={info} />
          {d && (
            <dl className="spec-list">
              <dt>{TE.decoded}</dt>
              <dd className="mono">{d.vin}</dd>
              <dt>{TE.maker}</dt>
              <dd>{d.manufacturer ?? d.wmi}</dd>
              <dt>{TE.country}</dt>
              <dd>{d.country ?? '-'}</dd>
              <dt>{TE.modelYear}</dt>
              <dd>{d.modelYear ?? '-'}</dd>
              <dt>{TE.checkDigit}</dt>
              <dd>{TE.checkDigitState[d.checkDigit]}</dd>
            </dl>
          )}
          <p>
            <strong>{TE.options}</strong> {config.data ? config.data.options.join(', ') : ''}
          </p>
        </div>
      </div>
    </Modal>
  );
}
