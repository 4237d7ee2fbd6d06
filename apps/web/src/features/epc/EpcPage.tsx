import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  EPC_MSG,
  MAX_VIN_SEARCHES_PER_DAY,
  epcPartSearchKeyword,
  isEpcBrand,
  type EpcBrand,
  type EpcPartHit,
} from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { isPhoneBrowser, isPopup } from '../../shared/device';
import { managementPath, PATHS } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { useNotify } from '../../shared/ui/notify';
import { Loading } from '../../shared/ui/states';
import { NotFound } from '../shell';
import { Breadcrumb } from './components/Breadcrumb';
import { CatalogueBody } from './components/CatalogueBody';
import { PartHits } from './components/PartHits';
import { PartSearchBox, SearchBar } from './components/SearchBar';
import { VehicleInfoModal } from './components/VehicleInfo';
import { epcKeys, initQuery, usePartSearch, vehicleQuery, type EpcLangCode, type VehicleKey } from './api';
import { epcHref, filterOn, isReloadShortcut, pathParamsOf, readParams, type EpcParams } from './route';
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

  // More segments than parameters: no such address (the route takes any rest of the path). The
  // catalogue's window goes back to the catalogue's home, never the shop's (a second shop window).
  if (pathParams === null) return <NotFound home={epcHref({}, false)} back={TE.notFoundBack} />;
  // Phones get the mobile route; on the desktop the catalogue lives in a popup (no opener: home).
  if (!mobile && isPhoneBrowser()) return <Navigate to={epcHref(params, true)} replace />;
  if (!mobile && !isPopup()) return <Navigate to={PATHS.home[0]} replace />;
  if (!token)
    return <Navigate to={mobile ? PATHS.home[1] : PATHS.home[0]} replace state={{ from: location.pathname }} />;
  return <Catalogue params={params} mobile={mobile} />;
}

function Catalogue({ params, mobile }: { params: EpcParams; mobile: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const { baseInfo } = useSession();
  const [lang, setLang] = useEpcLang();
  const [infoOpen, setInfoOpen] = useState(false);
  const [hits, setHits] = useState<EpcPartHit[] | null>(null);
  const init = useQuery(initQuery);
  const go = (p: EpcParams, replace = false) => navigate(epcHref(p, mobile), { replace });

  const brand: EpcBrand = isEpcBrand(params.brand) ? params.brand : 'all';
  const vin = params.vin ?? null;
  const vehicle = useQuery({ ...vehicleQuery({ brand, vin: vin ?? '', lang }), enabled: vin !== null });

  // Both effects below run when the search's outcome changes, not when the place does: they read
  // the place at that moment (an effect event), so a later move within the catalogue repeats neither.
  // A VIN search that failed: the server's message, then the catalogue home (docs/requirements.md#catalogue-panels).
  const onVehicleError = useEffectEvent((error: Error) => {
    client.removeQueries({ queryKey: epcKeys.vehicles });
    void notify.alert(messageOf(error)).then(() => go({}, true));
  });
  useEffect(() => {
    if (vehicle.error) onVehicleError(vehicle.error);
  }, [vehicle.error]);

  // Success keeps the catalogue in the route (replaces the route with the catalogue query).
  const onVehicle = useEffectEvent((v: NonNullable<typeof vehicle.data>) => {
    if (params.mcid !== v.mcid || params.vin !== v.data.vin)
      go({ ...params, vin: v.data.vin, brand: params.brand ?? 'all', mcid: v.mcid }, true);
  });
  useEffect(() => {
    if (vehicle.data) onVehicle(vehicle.data);
  }, [vehicle.data]);

  // Each search may have used one of the day's VINs: the count comes back with base info.
  useEffect(() => {
    if (vehicle.data) void client.invalidateQueries({ queryKey: epcKeys.init });
  }, [vehicle.data, client]);

  const licenseDays = init.data?.licenseDays ?? 0;
  const licensed = licenseDays > 0;
  const used = baseInfo?.userSearchVinCount ?? init.data?.userSearchVinCount ?? 0;
  const key: VehicleKey | null =
    vehicle.data && params.mcid === vehicle.data.mcid
      ? { vin: vehicle.data.data.vin, mcid: vehicle.data.mcid, brand: vehicle.data.brand_code, lang }
      : null;

  const buyLicense = () => openLicensePurchase(mobile, navigate);

  const searchVin = (b: EpcBrand, v: string) => {
    client.removeQueries({ queryKey: epcKeys.vehicles });
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
    go(hitPlace(params, h));
  };

  return (
    <div className={`epc${mobile ? ' epc-mobile' : ''}`}>
      <EpcHead
        licenseDays={licenseDays}
        used={used}
        max={init.data?.maxVinSearches ?? MAX_VIN_SEARCHES_PER_DAY}
        lang={lang}
        onLang={setLang}
      />

      {init.isSuccess && !licensed && <LicenseBanner onBuy={buyLicense} />}

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
            <button
              type="button"
              className="btn btn-small"
              data-testid="epc-filter"
              onClick={() => go({ ...params, filter: filterOn(params) ? '0' : '1' }, true)}
            >
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
      {key && <CatalogueBody vehicleKey={key} vehicle={vehicle.data} params={params} mobile={mobile} go={go} />}

      {infoOpen && vehicle.data && key && (
        <VehicleInfoModal info={vehicle.data} vehicleKey={key} onClose={() => setInfoOpen(false)} />
      )}
      {hits && <PartHits hits={hits} onOpen={openHit} onClose={() => setHits(null)} />}
    </div>
  );
}

/** The catalogue's language, kept for this window's session. */
function useEpcLang() {
  const [lang, setLangState] = useState<EpcLangCode>(storedLang);
  const setLang = (l: EpcLangCode) => {
    setLangState(l);
    try {
      sessionStorage.setItem(LANG_KEY, l);
    } catch {
      // Only this window then.
    }
  };
  return [lang, setLang] as const;
}

/** The licence purchase: on a phone a page of the shop; on the desktop the shop's window opens it and this popup closes. */
function openLicensePurchase(mobile: boolean, navigate: (to: string) => void) {
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
}

/** The place a part-search hit leads to: its group (or subgroup) with the part marked. */
function hitPlace(params: EpcParams, h: EpcPartHit): EpcParams {
  const child = h.mid !== h.subgroup;
  return {
    vin: params.vin,
    brand: params.brand,
    mcid: params.mcid,
    filter: params.filter,
    num: h.num,
    level: child ? '2' : undefined,
    subgroup: h.subgroup,
    hasChild: child ? '1' : undefined,
    parts: 'true',
    mid: h.mid,
    childMid: child ? h.mid : undefined,
    searchPnum: h.pid,
  };
}

/** The catalogue's head: the licence's days, today's VIN searches and the language. */
function EpcHead({
  licenseDays,
  used,
  max,
  lang,
  onLang,
}: {
  licenseDays: number;
  used: number;
  max: number;
  lang: EpcLangCode;
  onLang: (l: EpcLangCode) => void;
}) {
  return (
    <header className="epc-head no-print">
      <h1>{TE.title}</h1>
      <div className="epc-head-facts">
        {licenseDays > 0 && <span>{TE.licenseDays(licenseDays)}</span>}
        <span data-testid="epc-today">{TE.todayCount(used, max)}</span>
        <label className="epc-lang">
          <span className="sr-only">{TE.lang}</span>
          <select value={lang} onChange={(e) => onLang(e.target.value as EpcLangCode)} aria-label={TE.lang}>
            {(Object.keys(TE.langs) as EpcLangCode[]).map((l) => (
              <option key={l} value={l}>
                {TE.langs[l]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </header>
  );
}

/** Without a licence the catalogue says so and offers the purchase. */
function LicenseBanner({ onBuy }: { onBuy: () => void }) {
  return (
    <div className="epc-banner no-print" role="note" data-testid="epc-license-banner">
      <span>{TE.licenseBanner}</span>
      <button type="button" className="btn btn-primary btn-small" onClick={onBuy}>
        {TE.licenseBuy}
      </button>
    </div>
  );
}
