import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { T } from '../texts';

interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error';
}
interface Dialog {
  text: string;
  resolve: () => void;
}
interface Notify {
  /** A toast that disappears after 5 s (general notifications). */
  toast(text: string, tone?: 'info' | 'error'): void;
  /** An alert dialog the user closes; resolves when closed. */
  alert(text: string): Promise<void>;
}

const NotifyContext = createContext<Notify | null>(null);

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const next = useRef(1);

  const toast = useCallback((text: string, tone: 'info' | 'error' = 'info') => {
    const id = next.current++;
    setToasts((list) => [...list, { id, text, tone }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), 5000);
  }, []);
  const alert = useCallback((text: string) => new Promise<void>((resolve) => setDialog({ text, resolve })), []);
  const close = () => {
    dialog?.resolve();
    setDialog(null);
  };
  // One object for the app's life: a screen that toasts from an effect must not re-run that
  // effect because the toast re-rendered this provider (the empty checkout's endless toasts).
  const notify = useMemo(() => ({ toast, alert }), [toast, alert]);

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
      {dialog && (
        <div className="modal-backdrop" onClick={close}>
          <div className="modal alert-dialog" role="alertdialog" aria-modal="true" onClick={(e) => e.stopPropagation()}>
            <p className="alert-text">{dialog.text}</p>
            <button type="button" className="btn btn-primary" autoFocus onClick={close}>
              {T.common.confirm}
            </button>
          </div>
        </div>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const ctx = useContext(NotifyContext);
  if (!ctx) throw new Error('NotifyProvider missing');
  return ctx;
}
