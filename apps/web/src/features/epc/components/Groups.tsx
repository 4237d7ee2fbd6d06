import { useQuery } from '@tanstack/react-query';
import { EPC_MSG, type EpcStructureNode } from '@partsmall/contract';
import { Loading } from '../../../shared/ui/states';
import { partsQuery, groupsQuery, structureQuery, type VehicleKey } from '../api';
import { filterOn, type EpcParams, type Go } from '../route';
import { TE } from '../texts';
import { PartsPanel } from './PartsPanel';

export function MainGroups({ vehicleKey, params, go }: { vehicleKey: VehicleKey; params: EpcParams; go: Go }) {
  const query = useQuery(groupsQuery(vehicleKey));
  return (
    <section className="epc-groups" aria-label={TE.mainGroups}>
      <h2>{TE.mainGroups}</h2>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <p className="empty">{EPC_MSG.noInfo}</p>
      ) : (
        <ul className="epc-cards">
          {query.data.map((g) => (
            <li key={g.num}>
              <button
                type="button"
                className={`epc-card${params.num === g.num ? ' active' : ''}`}
                onClick={() =>
                  go({ vin: params.vin, brand: params.brand, mcid: params.mcid, filter: params.filter, num: g.num })
                }
              >
                {g.img && <img src={g.img} alt="" width={56} height={56} />}
                <span className="epc-card-num">{g.num}</span>
                <span>{g.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Sub groups of a main group, or child groups of a sub group; with the filter on only those that fit. */
export function Nodes({
  vehicleKey,
  params,
  num,
  subgroup,
  go,
}: {
  vehicleKey: VehicleKey;
  params: EpcParams;
  num: string;
  subgroup: string | null;
  go: Go;
}) {
  const query = useQuery(structureQuery(vehicleKey, num, subgroup));
  const base = { vin: params.vin, brand: params.brand, mcid: params.mcid, filter: params.filter, num };
  const open = (n: EpcStructureNode) => {
    if (subgroup) go({ ...base, level: '2', subgroup, hasChild: '1', parts: 'true', mid: n.mid, childMid: n.mid });
    else if (n.has_child === 1) go({ ...base, level: '2', subgroup: n.mid, hasChild: '1' });
    else go({ ...base, subgroup: n.mid, parts: 'true', mid: n.mid });
  };
  const shown = query.data?.filter((n) => !filterOn(params) || n.colorvalue === 1) ?? [];
  return (
    <section className="epc-nodes" aria-label={subgroup ? TE.childGroups : TE.subGroups}>
      <h2>{subgroup ? TE.childGroups : TE.subGroups}</h2>
      {query.isPending ? (
        <Loading />
      ) : query.error || shown.length === 0 ? (
        <p className="empty">{EPC_MSG.noInfo}</p>
      ) : (
        <ul className="epc-cards">
          {shown.map((n) => (
            <li key={n.mid}>
              <button
                type="button"
                className={`epc-card${n.colorvalue === 0 ? ' not-fit' : ''}`}
                onClick={() => open(n)}
                data-mid={n.mid}
              >
                {n.img && <img src={n.img} alt="" width={56} height={56} />}
                <span>{n.name}</span>
                {n.description && <span className="muted small">{n.description}</span>}
                {n.colorvalue === 0 && <span className="epc-badge">{TE.notFit}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Parts({
  vehicleKey,
  params,
  mobile,
  onShowAll,
}: {
  vehicleKey: VehicleKey;
  params: EpcParams;
  mobile: boolean;
  onShowAll(): void;
}) {
  const filtered = filterOn(params);
  const query = useQuery(partsQuery(vehicleKey, params.num ?? '', params.mid!, filtered));
  if (query.isPending) return <Loading />;
  if (query.error) return <p className="empty">{EPC_MSG.noInfo}</p>;
  // The filter stays as the user left it; a searched part it hides is named, with the way to show it.
  const hidden =
    filtered && params.searchPnum && !query.data.part_detail.some((p) => p.pid === params.searchPnum)
      ? params.searchPnum
      : null;
  return (
    <>
      {hidden && (
        <p className="epc-filter-note no-print" role="status" data-testid="epc-filter-note">
          {TE.hiddenByFilter(hidden)}{' '}
          <button type="button" className="btn btn-small" onClick={onShowAll}>
            {TE.filterOn}
          </button>
        </p>
      )}
      <PartsPanel vehicle={vehicleKey} result={query.data} searchPnum={params.searchPnum ?? null} mobile={mobile} />
    </>
  );
}
