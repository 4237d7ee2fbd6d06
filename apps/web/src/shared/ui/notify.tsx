import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { messageOf } from '../api';
import { T } from '../texts';
import { Confirm } from './Confirm';
import { useLayerFocus, useLayerKeys } from './Modal';

interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error';
}
interface Dialog {
  text: string;
  resolve: () => void;
}

/** What a confirmation asks (delete, cancel, stop, renew). */
export interface ConfirmRequest {
  title: string;
  text: string;
  confirmLabel: string;
  /** The button that asks nothing ('취소' unless said; '닫기' where the action itself is a cancel). */
  cancelLabel?: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  /** A destructive action gets the red button. */
  danger?: boolean;
}
interface Asking {
  request: ConfirmRequest;
  run: () => void;
  cancel: () => void;
  busy: boolean;
}

interface Notify {
  /** A toast that disappears after 5 s (general notifications). */
  toast(text: string, tone?: 'info' | 'error'): void;
  /** An alert dialog the user closes; resolves when closed. */
  alert(text: string): Promise<void>;
  /**
   * Asks first, then runs `action` while the dialog waits. Resolves with the action's result once
   * the dialog is closed (undefined when the user cancelled); rejects with the action's error, so
   * that the caller's toast or alert follows the dialog rather than stacking on it.
   */
  confirm<R>(request: ConfirmRequest, action: () => Promise<R>): Promise<R | undefined>;
}

const NotifyContext = createContext<Notify | null>(null);

/** Toasts, alerts and confirmations of the whole app (every action shows its result). */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const next = useRef(1);
  // The toasts' own timers, stopped when the provider goes (a page left, a test's screen torn down):
  // a timer firing after that would update a tree that is no longer there.
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const own = timers.current;
    return () => {
      own.forEach(clearTimeout);
      own.clear();
    };
  }, []);

  const toast = useCallback((text: string, tone: 'info' | 'error' = 'info') => {
    const id = next.current++;
    setToasts((list) => [...list, { id, text, tone }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((list) => list.filter((t) => t.id !== id));
    }, 5000);
    timers.current.add(timer);
  }, []);
  const alert = useCallback((text: string) => new Promise<void>((resolve) => setDialog({ text, resolve })), []);
  const confirm = useCallback(
    <R,>(request: ConfirmRequest, action: () => Promise<R>) =>
      new Promise<R | undefined>((resolve, reject) => {
        const cancel = () => {
          setAsking(null);
          resolve(undefined);
        };
        const run = () => {
          setAsking((a) => (a ? { ...a, busy: true } : a));
          action().then(
            (result) => {
              setAsking(null);
              resolve(result);
            },
            (error: unknown) => {
              setAsking(null);
              reject(error);
            },
          );
        };
        setAsking({ request, run, cancel, busy: false });
      }),
    [],
  );
  const close = () => {
    dialog?.resolve();
    setDialog(null);
  };
  // One object for the app's life: a screen that toasts from an effect must not re-run that
  // effect because the toast re-rendered this provider (the empty checkout's endless toasts).
  const notify = useMemo<Notify>(() => ({ toast, alert, confirm }), [toast, alert, confirm]);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.tone}`}>
            {t.text}
          </div>
        ))}
      </div>
      {asking && <Confirm {...asking.request} busy={asking.busy} onConfirm={asking.run} onCancel={asking.cancel} />}
      {dialog && <AlertLayer text={dialog.text} onClose={close} />}
    </NotifyContext.Provider>
  );
}

/**
 * The alert: its button takes focus, Escape closes it as every layer (docs/requirements.md#windows-and-sizes),
 * Tab stays inside, and focus goes back to where it was when it closes. The alert is always on top:
 * its Escape is taken before the layer under it (a dialog the alert was opened from) hears it, so
 * that one stays open.
 */
function AlertLayer({ text, onClose }: { text: string; onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const textId = useId();
  useLayerKeys(box, undefined);
  useLayerFocus(box, { first: true });
  useEffect(() => {
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose();
    };
    window.addEventListener('keydown', onEscape, true);
    return () => window.removeEventListener('keydown', onEscape, true);
  }, [onClose]);
  return (
    <div className="modal-backdrop" onClick={onClose}>
      {/* Named by its text, so that a screen reader says what the alert is about (and axe finds a name). */}
      <div
        ref={box}
        className="modal alert-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={textId}
        onClick={(e) => e.stopPropagation()}
      >
        <p className="alert-text" id={textId}>
          {text}
        </p>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {T.common.confirm}
        </button>
      </div>
    </div>
  );
}

export function useNotify(): Notify {
  const ctx = useContext(NotifyContext);
  if (!ctx) throw new Error('NotifyProvider missing');
  return ctx;
}

/**
 * How a write's answer is told (the member area's and the back office's forms): its message as a
 * toast, then `after` with the answer (closing the form, showing what it did); a failure as an
 * alert. Spread into a mutation's options.
 */
export function useAnswerNotes<A extends { message: string }>(after?: (answer: A) => void) {
  const notify = useNotify();
  return {
    onSuccess: (a: A) => {
      notify.toast(a.message);
      after?.(a);
    },
    onError: (e: unknown) => void notify.alert(messageOf(e)),
  };
}

/**
 * A write asked first (delete, stop, retry): the question, then the write while it waits, then its
 * answer as a toast or its failure as an alert; a cancelled question says nothing.
 */
export function useConfirmedWrite() {
  const notify = useNotify();
  return <R extends { message: string }>(request: ConfirmRequest, action: () => Promise<R>) =>
    void notify.confirm(request, action).then(
      (a) => a && notify.toast(a.message),
      (e: unknown) => void notify.alert(messageOf(e)),
    );
}
