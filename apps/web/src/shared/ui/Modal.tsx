import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { T } from '../texts';
import { Glyph } from './Glyph';

/** Locks the page behind a layer from scrolling while it is open (docs/requirements.md#windows-and-sizes). */
export function useScrollLock() {
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where keyboard focus goes when nothing else can take it: the page's main content (the skip
 * link's target), so a closed layer never leaves focus on <body>, at the top of the tab order.
 */
export function focusMain() {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

/** Where each open layer gives focus back to (its opener, or its opener's own target). */
const returnTargets = new WeakMap<Element, Element | null>();

/**
 * A layer takes keyboard focus when it opens and gives it back when it closes: on open, to the
 * element inside that already asked for it (autoFocus), else the first button when `first`, else
 * the layer itself (a screen reader then reads its name); on close, to the element that had focus
 * before (the button that opened it) — for a layer opened as a confirmation closed, the button the
 * confirmation came from — or the main content when that one is gone. `only` leaves
 * focus where it is when something other than <body> has it (a layer nobody opened, such as the
 * home notice, must not take a field from someone typing in it).
 */
export function useLayerFocus(
  box: RefObject<HTMLElement | null>,
  opts: { first?: boolean; onlyFromBody?: boolean } = {},
) {
  const { first = false, onlyFromBody = false } = opts;
  // Read on the first render, before the layer's children take focus themselves (autoFocus at commit).
  const [before] = useState(() => document.activeElement);
  // A layer opened from inside another one that closes with it (a confirmation whose answer opens a
  // dialog) gives focus to where that one would have: its button is gone by then.
  const [fallback] = useState(() => {
    const opener = before?.closest('[role=dialog], [role=alertdialog]');
    return opener ? (returnTargets.get(opener) ?? null) : null;
  });
  useLayoutEffect(() => {
    const layer = box.current;
    if (!layer) return;
    const usable = (el: Element | null): el is HTMLElement =>
      el instanceof HTMLElement && el !== document.body && el.isConnected && !layer.contains(el);
    // The opener: what had focus at the first render, unless it went with a layer that closed in the
    // same commit (its clean-up has already put focus back where that layer came from).
    const now = document.activeElement;
    const opener = usable(before) ? before : usable(now) ? now : fallback;
    returnTargets.set(layer, opener);
    const fromBody = before === null || before === document.body;
    if (!layer.contains(document.activeElement) && (!onlyFromBody || fromBody)) {
      const target = (first && layer.querySelector<HTMLElement>('button:not([disabled])')) || layer;
      if (target === layer && !layer.hasAttribute('tabindex')) layer.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }
    return () => {
      // Only when focus is still inside (or was dropped on <body> by the layer's removal).
      const active = document.activeElement;
      if (active !== null && active !== document.body && !layer.contains(active)) return;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
      else if (fallback instanceof HTMLElement && fallback.isConnected) fallback.focus({ preventScroll: true });
      else focusMain();
    };
  }, [box, before, fallback, first, onlyFromBody]);
}

/** Listens to the document's keys while the component is shown, calling the latest `onKey` each time. */
export function useDocumentKeydown(onKey: (e: KeyboardEvent) => void) {
  const latest = useRef(onKey);
  useEffect(() => {
    latest.current = onKey;
  }, [onKey]);
  useEffect(() => {
    const listener = (e: KeyboardEvent) => latest.current(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

/** Escape closes the layer; Tab stays inside it. */
export function useLayerKeys(box: RefObject<HTMLElement | null>, onEscape: (() => void) | undefined) {
  useDocumentKeydown((e) => {
    if (e.key === 'Escape') onEscape?.();
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    // From the layer itself (focused on open) Shift+Tab goes round to the last item too.
    if (e.shiftKey && (document.activeElement === first || document.activeElement === box.current)) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  });
}

/**
 * A dialog layer a feature draws itself (the phone's slides): Escape closes it, Tab stays inside,
 * focus goes in and comes back. Spread the answer on the layer's element.
 */
export function useDialogLayer<E extends HTMLElement>(label: string, onClose: () => void) {
  const ref = useRef<E>(null);
  useLayerKeys(ref, onClose);
  useLayerFocus(ref);
  return { ref, role: 'dialog', 'aria-modal': true, 'aria-label': label } as const;
}

interface ModalProps {
  title: string;
  /** Escape, the backdrop and × close the layer; none of them while busy. */
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
  /** dialog for forms and lists, alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Shows the title as a heading with the close button (default), or names the layer by it and leaves heading and close button to the content. */
  header?: boolean;
  /** A size of the original windows (POPUP, docs/requirements.md#windows-and-sizes) or a width class: 'narrow' 420, 'medium' 520, 'wide' 760. */
  size?: 'narrow' | 'medium' | 'wide' | { width: number; height: number };
  className?: string;
  /** Focus the first button when opened (choice dialogs); otherwise the layer itself takes focus. */
  focusFirst?: boolean;
}

/** The one modal layer of the app: backdrop, title, close button, Escape, focus kept inside. */
export function Modal({
  title,
  onClose,
  busy = false,
  children,
  role = 'dialog',
  header = true,
  size = 'medium',
  className,
  focusFirst,
}: ModalProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = busy ? undefined : onClose;
  useLayerKeys(box, close);
  useLayerFocus(box, { first: focusFirst });
  const fixed = typeof size === 'object';
  const style: CSSProperties | undefined = fixed ? { width: size.width, height: size.height } : undefined;
  return (
    <div className="modal-backdrop" onClick={close}>
      <div
        ref={box}
        className={['modal', 'layer', fixed ? 'layer-fixed' : `layer-${size}`, className].filter(Boolean).join(' ')}
        role={role}
        aria-modal="true"
        aria-labelledby={header ? titleId : undefined}
        aria-label={header ? undefined : title}
        style={style}
        onClick={(e) => e.stopPropagation()}
      >
        {header && (
          <header className="layer-head">
            <h2 id={titleId}>{title}</h2>
            <CloseButton onClose={onClose} busy={busy} />
          </header>
        )}
        {children}
      </div>
    </div>
  );
}

/** The × of a layer. */
export function CloseButton({ onClose, busy = false }: { onClose: () => void; busy?: boolean }) {
  return (
    <button type="button" className="popup-close" onClick={onClose} disabled={busy} aria-label={T.common.close}>
      <Glyph symbol="×" />
    </button>
  );
}
