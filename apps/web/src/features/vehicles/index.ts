/** My vehicles (docs/requirements.md#my-vehicles): what other features show of them. */
export { FitsMyVehicles } from './components/FitsMyVehicles';
export { VehicleFilter } from './components/VehicleFilter';
export { myVehiclesQuery, useRemoveVehicle, useSaveVehicle } from './api';
export { V as VEHICLE_TEXTS } from './texts';
