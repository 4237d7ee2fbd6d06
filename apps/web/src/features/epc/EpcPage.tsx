import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  EPC_BRAND_LABELS,
  EPC_MSG,
  EPC_SEARCH_BRANDS,
  MAX_VIN_SEARCHES_PER_DAY,
  checkVin,
  epcPartSearchKeyword,
  isEpcBrand,
  normalizeVinInput,
  vinHint,
  type EpcBrand,
  type EpcPartHit,
  type EpcStructureNode,
  type EpcVehicleInfo,
} from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { isPhoneBrowser, isPopup } from '../../shared/device';
import { managementPath, PATHS } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { Modal } from '../../shared/ui/Modal';
import { useNotify } from '../../shared/ui/notify';
import { Loading } from '../../shared/ui/states';
import { NotFound } from '../shell/NotFound';
import { PartsPanel } from './PartsPanel';
import {
  configQuery,
  groupsQuery,
  historyQuery,
  initQuery,
  partsQuery,
  structureQuery,
  usePartSearch,
  vehicleQuery,
  type EpcLangCode,
  type VehicleKey,
} from './api';
import { epcHref, filterOn, isReloadShortcut, panelOf, pathParamsOf, readParams, type EpcParams } from './route';
import { TE } from './texts';
import './epc.css';

const LANG_KEY = 'epcLang';

function storedLang(): EpcLangCode {
  try {
    const v = sessionStorage.getItem(LANG_KEY);
    return v === 'CN' || v === 'EN' ? v : 'KR';
  } catch {
    return 'KR';
  }
}

/**
 * The parts catalogue (docs/requirements.md#catalogue-screens): /epcMain/… in a popup window, /mobileEpcMain on phones. The
 * route holds the place (VIN, catalogue, groups, parts), so the panels follow it.
 */
export function EpcPage({ mobile = false }: { mobile?: boolean }) {
  const { token } = useSession();
  const location = useLocation();
  const [search] = useSearchParams();
  const pathParams = useMemo(() => (mobile ? {} : pathParamsOf(location.pathname)), [mobile, location.pathname]);
  const params = useMemo(() => readParams(mobile ? search : (pathParams ?? {})), [mobile, search, pathParams]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isReloadShortcut(e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    const previous = document.title;
    document.title = TE.title;
    return () => {
      window.removeEventListener('keydown', onKey, true);
      document.title = previous;
    };
  }, []);

  // More segments than parameters: no such address (the route takes any rest of the path).
  if (pathParams === null) return <NotFound />;
  // Phones get the mobile route; on the desktop the catalogue lives in a popup (no opener: home).
  if (!mobile && isPhoneBrowser()) return <Navigate to={epcHref(params, true)} replace />;
  if (!mobile && !isPopup()) return <Navigate to={PATHS.home[0]} replace />;
  if (!token) return <Navigate to={mobile ? PATHS.home[1] : PATHS.home[0]} replace state={{ from: location.pathname }} />;
  return <Catalogue params={params} mobile={mobile} />;
}

function Catalogue({ params, mobile }: { params: EpcParams; mobile: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const { baseInfo } = useSession();
  const [lang, setLangState] = useState<EpcLangCode>(storedLang);
  const [infoOpen, setInfoOpen] = useState(false);
  const [hits, setHits] = useState<EpcPartHit[] | null>(null);
  const init = useQuery(initQuery);
  const go = (p: EpcParams, replace = false) => navigate(epcHref(p, mobile), { replace });
  const setLang = (l: EpcLangCode) => {
    setLangState(l);
    try {
      sessionStorage.setItem(LANG_KEY, l);
    } catch {
      // Only this window then.
    }
  };

  const brand: EpcBrand = isEpcBrand(params.brand) ? params.brand : 'all';
  const vin = params.vin ?? null;
  const vehicle = useQuery({ ...vehicleQuery({ brand, vin: vin ?? '', lang }), enabled: vin !== null });

  // A VIN search that failed: the server's message, then the catalogue home (docs/requirements.md#catalogue-panels).
  useEffect(() => {
    if (!vehicle.error) return;
    const message = messageOf(vehicle.error);
    client.removeQueries({ queryKey: ['epc', 'vehicle'] });
    void notify.alert(message).then(() => go({}, true));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vehicle.error]);

  // Success keeps the catalogue in the route (replaces the route with the catalogue query).
  useEffect(() => {
    const v = vehicle.data;
    if (v && (params.mcid !== v.mcid || params.vin !== v.data.vin)) go({ ...params, vin: v.data.vin, brand: params.brand ?? 'all', mcid: v.mcid }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vehicle.data]);

  // Each search may have used one of the day's VINs: the count comes back with base info.
  useEffect(() => {
    if (vehicle.data) void client.invalidateQueries({ queryKey: ['epc', 'init'] });
  }, [vehicle.data, client]);

  const licenseDays = init.data?.licenseDays ?? 0;
  const licensed = licenseDays > 0;
  const used = baseInfo?.userSearchVinCount ?? init.data?.userSearchVinCount ?? 0;
  const key: VehicleKey | null = vehicle.data && params.mcid === vehicle.data.mcid ? { vin: vehicle.data.data.vin, mcid: vehicle.data.mcid, brand: vehicle.data.brand_code, lang } : null;
  const panel = panelOf(params);

  const buyLicense = () => {
    if (mobile) {
      navigate(managementPath('buyLicense', true));
      return;
    }
    try {
      // The shop's window opens the licence purchase, and this window closes (docs/requirements.md#catalogue-screens).
      (window.opener as Window).location.assign(managementPath('buyLicense', false));
      (window.opener as Window).focus();
    } catch {
      window.open(managementPath('buyLicense', false), '_blank');
    }
    window.close();
  };

  const searchVin = (b: EpcBrand, v: string) => {
    client.removeQueries({ queryKey: ['epc', 'vehicle'] });
    go({ vin: v, brand: b });
  };

  const runPartSearch = usePartSearch();
  const searchParts = (keyword: string) => {
    if (!key) return;
    const checked = epcPartSearchKeyword.safeParse(keyword);
    if (!checked.success) {
      void notify.alert(checked.error.issues[0]!.message);
      return;
    }
    runPartSearch.mutate(
      { ...key, searchHotKey: checked.data },
      {
        onSuccess: (list) => (list.length === 0 ? void notify.alert(EPC_MSG.emptyResult) : setHits(list)),
        onError: (e) => void notify.alert(messageOf(e)),
      },
    );
  };

  const openHit = (h: EpcPartHit) => {
    setHits(null);
    const child = h.mid !== h.subgroup;
    go({ vin: params.vin, brand: params.brand, mcid: params.mcid, filter: params.filter, num: h.num, level: child ? '2' : undefined, subgroup: h.subgroup, hasChild: child ? '1' : undefined, parts: 'true', mid: h.mid, childMid: child ? h.mid : undefined, searchPnum: h.pid });
  };

  return (
    <div className={`epc${mobile ? ' epc-mobile' : ''}`}>
      <header className="epc-head no-print">
        <h1>{TE.title}</h1>
        <div className="epc-head-facts">
          {licensed && <span>{TE.licenseDays(licenseDays)}</span>}
          <span data-testid="epc-today">{TE.todayCount(used, init.data?.maxVinSearches ?? MAX_VIN_SEARCHES_PER_DAY)}</span>
          <label className="epc-lang">
            <span className="sr-only">{TE.lang}</span>
            <select value={lang} onChange={(e) => setLang(e.target.value as EpcLangCode)} aria-label={TE.lang}>
              {(Object.keys(TE.langs) as EpcLangCode[]).map((l) => (
                <option key={l} value={l}>
                  {TE.langs[l]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>

      {init.isSuccess && !licensed && (
        <div className="epc-banner no-print" role="note" data-testid="epc-license-banner">
          <span>{TE.licenseBanner}</span>
          <button type="button" className="btn btn-primary btn-small" onClick={buyLicense}>
            {TE.licenseBuy}
          </button>
        </div>
      )}

      <SearchBar
        key={`${params.brand ?? 'all'}:${vin ?? ''}`}
        initialBrand={brand}
        initialVin={vin ?? ''}
        licensed={licensed}
        ready={init.isSuccess}
        testVins={init.data?.testVins ?? []}
        busy={vehicle.isFetching}
        onSearch={searchVin}
      />

      {vin && (
        <div className="epc-step no-print">
          <Breadcrumb params={params} vehicleKey={key} go={go} />
          <div className="epc-step-tools">
            <button type="button" className="btn btn-small" data-testid="epc-filter" onClick={() => go({ ...params, filter: filterOn(params) ? '0' : '1' }, true)}>
              {filterOn(params) ? TE.filterOn : TE.filterOff}
            </button>
            <button type="button" className="btn btn-small" onClick={() => setInfoOpen(true)} disabled={!vehicle.data}>
              {TE.vehicleInfo}
            </button>
            <PartSearchBox disabled={!key} busy={runPartSearch.isPending} onSearch={searchParts} />
          </div>
        </div>
      )}

      {!vin && init.isSuccess && (
        <section className="epc-intro no-print">
          <h2>{licensed ? TE.introLicensed : TE.introTest}</h2>
          <ol>
            {TE.introSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      )}
      {vin && !key && vehicle.isPending && <Loading />}
      {key && (
        <main className={`epc-body epc-panel-${panel}`}>
          {panel !== 'parts' && <MainGroups vehicleKey={key} params={params} go={go} />}
          {panel === 'groups' && vehicle.data && <VehicleData info={vehicle.data} />}
          {panel === 'subGroups' && params.num && <Nodes vehicleKey={key} params={params} num={params.num} subgroup={null} go={go} />}
          {panel === 'childGroups' && params.num && params.subgroup && <Nodes vehicleKey={key} params={params} num={params.num} subgroup={params.subgroup} go={go} />}
          {panel === 'parts' && params.mid && <Parts vehicleKey={key} params={params} mobile={mobile} onShowAll={() => go({ ...params, filter: '0' }, true)} />}
        </main>
      )}

      {infoOpen && vehicle.data && key && <VehicleInfoModal info={vehicle.data} vehicleKey={key} onClose={() => setInfoOpen(false)} />}
      {hits && (
        <Modal title={TE.partSearchResults} onClose={() => setHits(null)} size="wide">
          <table className="epc-table" data-testid="epc-hits">
            <thead>
              <tr>
                <th scope="col">{TE.cols.pid}</th>
                <th scope="col">{TE.cols.label}</th>
                <th scope="col">{TE.cols.pnum}</th>
              </tr>
            </thead>
            <tbody>
              {hits.map((h, i) => (
                <tr key={`${h.mid}-${h.pnum}-${i}`} className="clickable" onClick={() => openHit(h)}>
                  <td className="mono">{h.pid}</td>
                  <td>{h.label}</td>
                  <td className="center">{h.pnum}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Modal>
      )}
    </div>
  );
}

interface SearchBarProps {
  initialBrand: EpcBrand;
  initialVin: string;
  licensed: boolean;
  ready: boolean;
  testVins: { brand: string; vin: string; title: string }[];
  busy: boolean;
  onSearch(brand: EpcBrand, vin: string): void;
}

/**
 * Brand dropdown, VIN box with the brand's hint and the company's history, and the search button
 * once the VIN is valid (docs/requirements.md#vin-rules). Without a licence: the test-VIN dropdown instead.
 */
function SearchBar({ initialBrand, initialVin, licensed, ready, testVins, busy, onSearch }: SearchBarProps) {
  const notify = useNotify();
  const [brand, setBrand] = useState<EpcBrand>(initialBrand);
  const [vin, setVin] = useState(initialVin);
  const [historyOpen, setHistoryOpen] = useState(false);
  const history = useQuery({ ...historyQuery(brand), enabled: licensed && historyOpen });
  const checked = checkVin(brand, vin);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (vin === '') {
      void notify.alert(EPC_MSG.vinRequired);
      return;
    }
    if (!checked.ok) {
      void notify.alert(checked.message);
      return;
    }
    setHistoryOpen(false);
    onSearch(brand, checked.vin);
  };

  return (
    <form className="epc-search no-print" onSubmit={submit} role="search">
      {licensed && (
      <label>
        <span className="sr-only">{TE.brand}</span>
        <select value={brand} onChange={(e) => setBrand(e.target.value as EpcBrand)} aria-label={TE.brand} data-testid="epc-brand">
          {EPC_SEARCH_BRANDS.map((b) => (
            <option key={b} value={b}>
              {EPC_BRAND_LABELS[b]}
            </option>
          ))}
        </select>
      </label>
      )}
      {ready && licensed && (
        <div className="epc-vin-box">
          <input
            value={vin}
            onChange={(e) => setVin(normalizeVinInput(e.target.value))}
            onFocus={() => setHistoryOpen(true)}
            onKeyDown={(e) => e.key === 'Escape' && setHistoryOpen(false)}
            onBlur={() => setTimeout(() => setHistoryOpen(false), 150)}
            placeholder={TE.vinPlaceholder}
            aria-label={TE.vin}
            autoComplete="off"
            spellCheck={false}
            data-testid="epc-vin"
          />
          {historyOpen && (
            <ul className="epc-history" role="listbox" aria-label={TE.history}>
              {history.data && history.data.length === 0 && <li className="muted">{TE.historyEmpty}</li>}
              {history.data?.map((h) => (
                <li key={h.vin} role="option" aria-selected={false}>
                  <button
                    type="button"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => {
                      setVin(h.vin);
                      setHistoryOpen(false);
                      onSearch(brand, h.vin);
                    }}
                  >
                    <span className="mono">{h.vin}</span> <span className="muted">{h.title}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {ready && !licensed && (
        <label className="epc-test-vins">
          <span>{TE.testVins}</span>
          <select
            value=""
            data-testid="epc-test-vin"
            onChange={(e) => {
              const t = testVins.find((x) => x.vin === e.target.value);
              if (t) onSearch('all', t.vin);
            }}
          >
            <option value="">{TE.testVinPick}</option>
            {testVins.map((t) => (
              <option key={t.vin} value={t.vin}>
                {EPC_BRAND_LABELS[t.brand as EpcBrand] ?? t.brand} · {t.vin} · {t.title}
              </option>
            ))}
          </select>
        </label>
      )}
      {licensed && checked.ok && (
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="epc-search">
          {busy ? TE.searching : TE.search}
        </button>
      )}
      {licensed && <span className="epc-hint muted">{vinHint(brand)}</span>}
    </form>
  );
}

function PartSearchBox({ disabled, busy, onSearch }: { disabled: boolean; busy: boolean; onSearch(keyword: string): void }) {
  const [keyword, setKeyword] = useState('');
  return (
    <form
      className="epc-part-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(keyword);
      }}
    >
      <input value={keyword} onChange={(e) => setKeyword(e.target.value.slice(0, 50))} maxLength={50} placeholder={TE.partSearchPlaceholder} aria-label={TE.partSearch} disabled={disabled} />
      <button type="submit" className="btn btn-small" disabled={disabled || busy}>
        {TE.partSearch}
      </button>
    </form>
  );
}

type Go = (p: EpcParams, replace?: boolean) => void;

/** Home, VIN, brand, main group, sub group, child group (docs/requirements.md#catalogue-screens). */
function Breadcrumb({ params, vehicleKey, go }: { params: EpcParams; vehicleKey: VehicleKey | null; go: Go }) {
  const groups = useQuery({ ...groupsQuery(vehicleKey!), enabled: vehicleKey !== null && !!params.num });
  const subs = useQuery({ ...structureQuery(vehicleKey!, params.num ?? '', null), enabled: vehicleKey !== null && !!params.num && !!params.subgroup });
  const children = useQuery({ ...structureQuery(vehicleKey!, params.num ?? '', params.subgroup ?? null), enabled: vehicleKey !== null && !!params.childMid && !!params.subgroup });
  const base = { vin: params.vin, brand: params.brand, mcid: params.mcid, filter: params.filter };
  const main = groups.data?.find((g) => g.num === params.num);
  const sub = subs.data?.find((n) => n.mid === params.subgroup);
  const child = children.data?.find((n) => n.mid === params.childMid);
  return (
    <nav className="epc-crumbs" aria-label="위치">
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
            <button type="button" className="link" onClick={() => go({ ...base, num: params.num, level: '2', subgroup: params.subgroup, hasChild: '1' })}>
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

function MainGroups({ vehicleKey, params, go }: { vehicleKey: VehicleKey; params: EpcParams; go: Go }) {
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
                onClick={() => go({ vin: params.vin, brand: params.brand, mcid: params.mcid, filter: params.filter, num: g.num })}
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
function Nodes({ vehicleKey, params, num, subgroup, go }: { vehicleKey: VehicleKey; params: EpcParams; num: string; subgroup: string | null; go: Go }) {
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
              <button type="button" className={`epc-card${n.colorvalue === 0 ? ' not-fit' : ''}`} onClick={() => open(n)} data-mid={n.mid}>
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

function Parts({ vehicleKey, params, mobile, onShowAll }: { vehicleKey: VehicleKey; params: EpcParams; mobile: boolean; onShowAll(): void }) {
  const filtered = filterOn(params);
  const query = useQuery(partsQuery(vehicleKey, params.num ?? '', params.mid!, filtered));
  if (query.isPending) return <Loading />;
  if (query.error) return <p className="empty">{EPC_MSG.noInfo}</p>;
  // The filter stays as the user left it; a searched part it hides is named, with the way to show it.
  const hidden = filtered && params.searchPnum && !query.data.part_detail.some((p) => p.pid === params.searchPnum) ? params.searchPnum : null;
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

/** The data panel (vehicle info) beside the main groups when no group is open. */
function VehicleData({ info }: { info: EpcVehicleInfo }) {
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

function VehicleInfoModal({ info, vehicleKey, onClose }: { info: EpcVehicleInfo; vehicleKey: VehicleKey; onClose(): void }) {
  const config = useQuery(configQuery(vehicleKey));
  const d = info.data.decoded;
  return (
    <Modal title={TE.vehicleInfo} onClose={onClose} size="wide">
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
    </Modal>
  );
}
