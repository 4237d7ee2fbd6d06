import { useEffect, useState } from 'react';
import type { MallBottom } from '@partsmall/contract';
import { phone as formatPhone } from '../../shared/format';
import { useMallConfig } from '../../shared/mall-config';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { Loading } from '../../shared/ui/states';
import './map.css';

/** Map zoom of the directions page (docs/requirements.md#limits). */
export const MAP_ZOOM = 18;
/** How long the map provider may take to answer before the plain address card replaces it. */
const PROBE_TIMEOUT_MS = 8000;
/** A small image of the map provider: when it cannot be fetched, neither can the embed. */
const PROBE_URL = 'https://maps.google.com/favicon.ico';

export function mapEmbedUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&z=${MAP_ZOOM}&output=embed`;
}
export function mapLinkUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&z=${MAP_ZOOM}`;
}

type MapState = 'loading' | 'ready' | 'failed';

/**
 * Whether the map embed can be shown: failed when the browser is offline or the provider cannot
 * be reached (a cross-origin frame does not report its own load errors).
 */
function useMapState(): [MapState, () => void] {
  const [state, setState] = useState<MapState>(() =>
    typeof navigator !== 'undefined' && !navigator.onLine ? 'failed' : 'loading',
  );
  useEffect(() => {
    let settled = false;
    const fail = () => {
      settled = true;
      setState('failed');
    };
    const img = new Image();
    img.onload = () => {
      settled = true;
      setState((s) => (s === 'failed' ? s : 'ready'));
    };
    img.onerror = fail;
    if (navigator.onLine) img.src = `${PROBE_URL}?t=${Date.now()}`;
    const timer = setTimeout(() => {
      if (!settled) fail();
    }, PROBE_TIMEOUT_MS);
    const offline = () => setState('failed');
    const online = () => setState('loading');
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      img.onload = null;
      img.onerror = null;
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return [state, () => setState((s) => (s === 'failed' ? s : 'ready'))];
}

function AddressCard({ b }: { b: MallBottom }) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(b.address);
      notify.toast(T.directions.copied);
    } catch {
      notify.toast(T.directions.copyFailed, 'error');
    }
  };
  const phone = formatPhone(b.phone) || b.phone;
  return (
    <section className="address-card" aria-labelledby="address-card-name" data-testid="address-card">
      <h2 id="address-card-name">{b.companyName}</h2>
      <dl className="address-list">
        <dt>{T.directions.address}</dt>
        <dd>
          <address>{b.address}</address>
          <button type="button" className="btn btn-small" onClick={copy}>
            {T.directions.copyAddress}
          </button>
        </dd>
        <dt>{T.directions.hours}</dt>
        <dd>{b.hours}</dd>
        <dt>{T.directions.phone}</dt>
        <dd>
          <a href={`tel:${b.phone.replace(/[^\d]/g, '')}`}>{phone}</a>
        </dd>
        <dt>{T.directions.fax}</dt>
        <dd>{formatPhone(b.fax) || b.fax}</dd>
        <dt>{T.directions.mail}</dt>
        <dd>
          <a href={`mailto:${b.mail}`}>{b.mail}</a>
        </dd>
      </dl>
      <a className="btn btn-block" href={mapLinkUrl(b.address)} target="_blank" rel="noopener noreferrer">
        {T.directions.openMap}
      </a>
    </section>
  );
}

/** Directions page (docs/requirements.md#shop-screens): the shop address on a map at zoom 18 and the address card. */
export function MapPage({ mobile = false }: { mobile?: boolean }) {
  const config = useMallConfig();
  const [state, loaded] = useMapState();
  const b = config?.mallBottom;
  const warehouses = config?.shippingAddress ?? [];

  return (
    <section className={mobile ? 'm-page map-page' : 'page map-page'}>
      <h1>{T.directions.title}</h1>
      {!b ? (
        <Loading className="notice-loading" />
      ) : (
        <div className="map-layout">
          <div className={`map-frame map-${state}`}>
            {state === 'failed' ? (
              <div className="map-fallback" role="status">
                <p className="map-fallback-title">{T.directions.mapFailed}</p>
                <p>{T.directions.mapFailedBody}</p>
                <p className="map-fallback-address">
                  <b>{b.companyName}</b>
                  <br />
                  {b.address}
                </p>
              </div>
            ) : (
              <>
                {state === 'loading' && (
                  <p className="map-loading">
                    <span className="spinner" aria-hidden="true" /> {T.directions.loadingMap}
                  </p>
                )}
                <iframe
                  title={T.directions.mapTitle(b.companyName)}
                  src={mapEmbedUrl(b.address)}
                  loading="lazy"
                  referrerPolicy="no-referrer-when-downgrade"
                  onLoad={loaded}
                />
              </>
            )}
          </div>
          <div className="map-side">
            <AddressCard b={b} />
            {warehouses.length > 0 && (
              <section className="warehouse-card">
                <h2>{T.directions.warehouses}</h2>
                <ul>
                  {warehouses.map((w) => (
                    <li key={w.name}>
                      <b>{w.name}</b>
                      <span>{w.address}</span>
                      <a href={`tel:${w.phone}`}>{formatPhone(w.phone) || w.phone}</a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
