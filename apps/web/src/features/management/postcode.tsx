import { useEffect, useRef, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { cutChars, digits } from '../../shared/format';
import { FieldShell } from '../../shared/ui/form';
import { useLayerFocus } from '../../shared/ui/Modal';
import { Spinner } from '../../shared/ui/states';
import { T } from '../../shared/texts';
import { memberAreaKeys } from './api';
import './management.css';

const P = T.management.postcode;

/** The Daum postcode widget (docs/operations.md#postcode-and-map), loaded only when an address form opens. */
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
  const extra = [
    data.bname && /[동로가]$/.test(data.bname) ? data.bname : '',
    data.apartment === 'Y' || data.buildingName ? data.buildingName : '',
  ]
    .filter((x): x is string => !!x)
    .join(', ');
  return extra ? `${road} (${extra})` : road;
}

export type PostcodeState = 'loading' | 'ready' | 'failed';

/** The widget script as a query: loaded once per page, again only after a failure. */
const postcodeQuery = queryOptions({
  queryKey: memberAreaKeys.postcodeWidget,
  queryFn: loadPostcode,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** Starts loading the widget when the form mounts; 'failed' switches the form to typing mode. */
export function usePostcode(): PostcodeState {
  const query = useQuery(postcodeQuery);
  return query.isSuccess ? 'ready' : query.isError ? 'failed' : 'loading';
}

/** The widget embedded in a layer; closes itself after a pick. */
export function PostcodeLayer({
  onPick,
  onClose,
}: {
  onPick: (postNum: string, address: string) => void;
  onClose: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  useLayerFocus(layer);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);
  const Postcode = useQuery(postcodeQuery).data;
  useEffect(() => {
    if (!Postcode || !box.current) return;
    new Postcode({
      width: '100%',
      height: '100%',
      oncomplete: (data) => pick.current(data.zonecode, addressOf(data)),
    }).embed(box.current);
  }, [Postcode]);
  return (
    <div ref={layer} className="postcode-layer" role="dialog" aria-label={P.title}>
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
 * Postcode and address fields of the surrounding form, filled by the widget (read-only), with the
 * find button; when the widget cannot load, a message and editable fields so that the form still
 * works.
 */
export function PostcodeFields({
  names,
  ids,
  labels,
}: {
  names: { postNum: string; address: string };
  ids: { postNum: string; address: string };
  labels: { postNum: string; address: string };
}) {
  const state = usePostcode();
  const [open, setOpen] = useState(false);
  const post = useController({ name: names.postNum });
  const address = useController({ name: names.address });
  const manual = state === 'failed';
  const readOnlyTitle = manual ? undefined : P.readonlyWhy;
  const input = (
    c: typeof post,
    id: string,
    props: { inputMode?: 'numeric'; maxLength: number; onClick?: () => void },
  ) => (
    <input
      id={id}
      name={c.field.name}
      ref={c.field.ref}
      value={(c.field.value as string | undefined) ?? ''}
      readOnly={!manual}
      title={readOnlyTitle}
      placeholder={manual ? P.manualHint : undefined}
      aria-invalid={c.fieldState.error ? true : undefined}
      onBlur={c.field.onBlur}
      onChange={(e) => {
        // The limit counts characters as the server does (an emoji one), not the input's UTF-16 units.
        const typed = cutChars(e.target.value, props.maxLength);
        c.field.onChange(props.inputMode ? digits(typed) : typed);
      }}
      {...props}
      maxLength={undefined}
    />
  );
  return (
    <div className="postcode-fields">
      <FieldShell id={ids.postNum} label={labels.postNum} error={post.fieldState.error?.message}>
        {input(post, ids.postNum, {
          inputMode: 'numeric',
          maxLength: 6,
          onClick: () => !manual && state === 'ready' && setOpen(true),
        })}
        <button
          type="button"
          className="btn btn-side"
          disabled={state !== 'ready'}
          title={state === 'loading' ? P.loading : manual ? P.failed : undefined}
          onClick={() => setOpen(true)}
        >
          {state === 'loading' && <Spinner />}
          {P.find}
        </button>
      </FieldShell>
      {manual && (
        <p className="notice-warn postcode-failed" role="status">
          {P.failed}
        </p>
      )}
      {open && (
        <PostcodeLayer
          onClose={() => setOpen(false)}
          onPick={(p, a) => {
            post.field.onChange(p);
            address.field.onChange(a);
            setOpen(false);
          }}
        />
      )}
      <FieldShell id={ids.address} label={labels.address} error={address.fieldState.error?.message}>
        {input(address, ids.address, { maxLength: 100 })}
      </FieldShell>
    </div>
  );
}
