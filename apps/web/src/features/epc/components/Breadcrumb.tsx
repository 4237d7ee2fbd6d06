import { useQuery } from '@tanstack/react-query';
import { EPC_BRAND_LABELS, type EpcBrand } from '@partsmall/contract';
import { groupsQuery, structureQuery, type VehicleKey } from '../api';
import type { EpcParams, Go } from '../route';
import { TE } from '../texts';

/** Home, VIN, brand, main group, sub group, child group (docs/requirements.md#catalogue-screens). */
export function Breadcrumb({ params, vehicleKey, go }: { params: EpcParams; vehicleKey: VehicleKey | null; go: Go }) {
  const groups = useQuery({ ...groupsQuery(vehicleKey!), enabled: vehicleKey !== null && !!params.num });
  const subs = useQuery({
    ...structureQuery(vehicleKey!, params.num ?? '', null),
    enabled: vehicleKey !== null && !!params.num && !!params.subgroup,
  });
  const children = useQuery({
    ...structureQuery(vehicleKey!, params.num ?? '', params.subgroup ?? null),
    enabled: vehicleKey !== null && !!params.childMid && !!params.subgroup,
  });
  const base = { vin: params.vin, brand: params.brand, mcid: params.mcid, filter: params.filter };
  const main = groups.data?.find((g) => g.num === params.num);
  const sub = subs.data?.find((n) => n.mid === params.subgroup);
  const child = children.data?.find((n) => n.mid === params.childMid);
  return (
    <nav className="epc-crumbs" aria-label={TE.crumbs}>
      <button type="button" className="link" onClick={() => go({})}>
        {TE.home}
      </button>
      <span>›</span>
      <button type="button" className="link mono" onClick={() => go(base)}>
        {params.vin}
      </button>
      <span>›</span>
      <span>{EPC_BRAND_LABELS[(vehicleKey?.brand ?? params.brand ?? 'all') as EpcBrand] ?? params.brand}</span>
      {params.num && (
        <>
          <span>›</span>
          <button type="button" className="link" onClick={() => go({ ...base, num: params.num })}>
            {main?.label ?? params.num}
          </button>
        </>
      )}
      {params.subgroup && (
        <>
          <span>›</span>
          {sub?.has_child === 1 ? (
            <button
              type="button"
              className="link"
              onClick={() => go({ ...base, num: params.num, level: '2', subgroup: params.subgroup, hasChild: '1' })}
            >
              {sub.name}
            </button>
          ) : (
            <span>{sub?.name ?? params.subgroup}</span>
          )}
        </>
      )}
      {params.childMid && (
        <>
          <span>›</span>
          <span>{child?.name ?? params.childMid}</span>
        </>
      )}
    </nav>
  );
}
