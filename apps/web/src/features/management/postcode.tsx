import { useEffect, useRef, useState } from 'react';
import { T } from '../../shared/texts';

const P = T.management.postcode;

/** The Daum postcode widget (DESIGN.md 1), loaded only when an address form opens. */
export const POSTCODE_SCRIPT = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
const LOAD_TIMEOUT_MS = 8000;

/** What the widget hands back when an address is picked (the fields this app reads). */
export interface PostcodeData {
  zonecode: string;
  address?: string;
  roadAddress?: string;
  jibunAddress?: string;
  userSelectedType?: 'R' | 'J';
  bname?: string;
  buildingName?: string;
  apartment?: 'Y' | 'N';
}

interface PostcodeWidget {
  embed(element: HTMLElement, options?: { autoClose?: boolean }): void;
}
type PostcodeCtor = new (options: {
  oncomplete: (data: PostcodeData) => void;
  width?: string;
  height?: string;
}) => PostcodeWidget;

declare global {
  interface Window {
    daum?: { Postcode?: PostcodeCtor };
  }
}

let loading: Promise<PostcodeCtor> | null = null;

/** Loads the widget script once; rejects when it cannot load (offline, blocked) within 8 s. */
export function loadPostcode(): Promise<PostcodeCtor> {
  const ready = window.daum?.Postcode;
  if (ready) return Promise.resolve(ready);
  if (!navigator.onLine) return Promise.reject(new Error('offline'));
  loading ??= new Promise<PostcodeCtor>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error('postcode script'));
    };
    const timer = setTimeout(fail, LOAD_TIMEOUT_MS);
    script.src = POSTCODE_SCRIPT;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      const ctor = window.daum?.Postcode;
      if (ctor) resolve(ctor);
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  }).catch((e: unknown) => {
    // The next form may try again (the network may be back).
    loading = null;
    throw e;
  });
  return loading;
}

/** The address line of a pick: the road address with the district and building, or the lot address. */
export function addressOf(data: PostcodeData): string {
  if (data.userSelectedType === 'J' && data.jibunAddress) return data.jibunAddress;
  const road = data.roadAddress || data.address || data.jibunAddress || '';
  const extra = [data.bname && /[동로가]$/.test(data.bname) ? data.bname : '', data.apartment === 'Y' || data.buildingName ? data.buildingName : '']
    .filter((x): x is string => !!x)
    .join(', ');
  return extra ? `${road} (${extra})` : road;
}

export type PostcodeState = 'loading' | 'ready' | 'failed';

/** Starts loading the widget when the form mounts; 'failed' switches the form to typing mode. */
export function usePostcode(): PostcodeState {
  const [state, setState] = useState<PostcodeState>(() => (window.daum?.Postcode ? 'ready' : 'loading'));
  useEffect(() => {
    let live = true;
    loadPostcode().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The widget embedded in a layer; closes itself after a pick. */
export function PostcodeLayer({ onPick, onClose }: { onPick: (postNum: string, address: string) => void; onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    let live = true;
    void loadPostcode().then(
      (Postcode) => {
        if (!live || !box.current) return;
        new Postcode({
          width: '100%',
          height: '100%',
          oncomplete: (data) => pick.current(data.zonecode, addressOf(data)),
        }).embed(box.current);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="postcode-layer" role="dialog" aria-label={P.title}>
      <div className="postcode-layer-head">
        <b>{P.title}</b>
        <button type="button" className="btn btn-small" onClick={onClose}>
          {P.close}
        </button>
      </div>
      <div className="postcode-box" ref={box} data-testid="postcode-box" />
    </div>
  );
}

/**
 * Postcode and address fields filled by the widget (read-only), with the find button; when the
 * widget cannot load, a message and editable fields so that the form still works.
 */
export function PostcodeFields({
  ids,
  labels,
  postNum,
  address,
  onChange,
  errors,
}: {
  ids: { postNum: string; address: string };
  labels: { postNum: string; address: string };
  postNum: string;
  address: string;
  onChange: (postNum: string, address: string) => void;
  errors?: { postNum?: string | undefined; address?: string | undefined };
}) {
  const state = usePostcode();
  const [open, setOpen] = useState(false);
  const manual = state === 'failed';
  const readOnlyTitle = manual ? undefined : P.readonlyWhy;
  return (
    <div className="postcode-fields">
      <div className={`field${errors?.postNum ? ' field-invalid' : ''}`}>
        <label htmlFor={ids.postNum}>{labels.postNum}</label>
        <div className="field-row">
          <input
            id={ids.postNum}
            value={postNum}
            readOnly={!manual}
            inputMode="numeric"
            maxLength={6}
            title={readOnlyTitle}
            placeholder={manual ? P.manualHint : undefined}
            onChange={(e) => onChange(e.target.value.replace(/\D+/g, ''), address)}
            onClick={() => !manual && state === 'ready' && setOpen(true)}
            aria-invalid={errors?.postNum ? true : undefined}
          />
          <button
            type="button"
            className="btn btn-side"
            disabled={state !== 'ready'}
            title={state === 'loading' ? P.loading : manual ? P.failed : undefined}
            onClick={() => setOpen(true)}
          >
            {state === 'loading' && <span className="spinner" aria-hidden="true" />}
            {P.find}
          </button>
        </div>
        {errors?.postNum && (
          <p className="field-error" role="alert">
            {errors.postNum}
          </p>
        )}
      </div>
      {manual && (
        <p className="notice-warn postcode-failed" role="status">
          {P.failed}
        </p>
      )}
      {open && (
        <PostcodeLayer
          onClose={() => setOpen(false)}
          onPick={(p, a) => {
            onChange(p, a);
            setOpen(false);
          }}
        />
      )}
      <div className={`field${errors?.address ? ' field-invalid' : ''}`}>
        <label htmlFor={ids.address}>{labels.address}</label>
        <div className="field-row">
          <input
            id={ids.address}
            value={address}
            readOnly={!manual}
            maxLength={100}
            title={readOnlyTitle}
            placeholder={manual ? P.manualHint : undefined}
            onChange={(e) => onChange(postNum, e.target.value)}
            aria-invalid={errors?.address ? true : undefined}
          />
        </div>
        {errors?.address && (
          <p className="field-error" role="alert">
            {errors.address}
          </p>
        )}
      </div>
    </div>
  );
}
