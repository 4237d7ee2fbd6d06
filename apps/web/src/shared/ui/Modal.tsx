import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { T } from '../texts';

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

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Escape closes the layer; Tab stays inside it. */
function useLayerKeys(box: React.RefObject<HTMLDivElement | null>, onEscape: (() => void) | undefined) {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  }, [onEscape]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') escape.current?.();
      if (e.key !== 'Tab' || !box.current) return;
      const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [box]);
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
  /** A spec size (POPUP) or a width class: 'narrow' 420, 'medium' 520, 'wide' 760. */
  size?: 'narrow' | 'medium' | 'wide' | { width: number; height: number };
  className?: string;
  /** Focus the first button when opened (choice dialogs). */
  focusFirst?: boolean;
}

/** The one modal layer of the app: backdrop, title, close button, Escape, focus kept inside. */
export function Modal({ title, onClose, busy = false, children, role = 'dialog', header = true, size = 'medium', className, focusFirst }: ModalProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = busy ? undefined : onClose;
  useLayerKeys(box, close);
  useEffect(() => {
    if (focusFirst) box.current?.querySelector<HTMLElement>('button')?.focus();
  }, [focusFirst]);
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
      ×
    </button>
  );
}
