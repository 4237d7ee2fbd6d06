import type { EpcVehicleInfo } from '@partsmall/contract';
import type { VehicleKey } from '../api';
import { panelOf, type EpcParams, type Go } from '../route';
import { MainGroups, Nodes, Parts } from './Groups';
import { VehicleData } from './VehicleInfo';

/**
 * The panels of a found vehicle, chosen from the route alone (docs/requirements.md#catalogue-screens):
 * the main groups beside the vehicle data, then beside the sub or child groups, then the parts list
 * on its own.
 */
export function CatalogueBody({
  vehicleKey,
  vehicle,
  params,
  mobile,
  go,
}: {
  vehicleKey: VehicleKey;
  vehicle: EpcVehicleInfo | undefined;
  params: EpcParams;
  mobile: boolean;
  go: Go;
}) {
  const panel = panelOf(params);
  return (
    <main className={`epc-body epc-panel-${panel}`}>
      {panel !== 'parts' && <MainGroups vehicleKey={vehicleKey} params={params} go={go} />}
      {panel === 'groups' && vehicle && <VehicleData info={vehicle} />}
      {panel === 'subGroups' && params.num && (
        <Nodes vehicleKey={vehicleKey} params={params} num={params.num} subgroup={null} go={go} />
      )}
      {panel === 'childGroups' && params.num && params.subgroup && (
        <Nodes vehicleKey={vehicleKey} params={params} num={params.num} subgroup={params.subgroup} go={go} />
      )}
      {panel === 'parts' && params.mid && (
        <Parts
          vehicleKey={vehicleKey}
          params={params}
          mobile={mobile}
          onShowAll={() => go({ ...params, filter: '0' }, true)}
        />
      )}
    </main>
  );
}
