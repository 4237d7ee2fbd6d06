import { useQuery } from '@tanstack/react-query';
import { fitVehicleLabel } from '@partsmall/contract';
import { myVehiclesQuery } from '../api';
import { V } from '../texts';
import '../vehicles.css';

/**
 * The home grid's '내 차량에 맞는 부품' picker: shown to a company member with at least one vehicle,
 * beside the grid's title so that it moves nothing when it appears.
 */
export function VehicleFilter({ value, onChange }: { value: string; onChange: (vin: string) => void }) {
  const vehicles = useQuery(myVehiclesQuery());
  const list = vehicles.data ?? [];
  if (list.length === 0 && value === '') return null;
  return (
    <label className="vehicle-filter">
      <span>{V.filter}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} aria-label={V.filter}>
        <option value="">{V.filterAll}</option>
        {list.map((v) => (
          <option key={v.vin} value={v.vin}>
            {fitVehicleLabel({ vin: v.vin, title: v.name || v.title })}
          </option>
        ))}
      </select>
    </label>
  );
}
