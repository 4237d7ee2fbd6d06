import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { pathFor, useMobile } from '../../shared/paths';
import { T } from '../../shared/texts';
import { useDocumentKeydown, useLayerFocus } from '../../shared/ui/Modal';
import './notice-popup.css';

const HIDE_KEY = 'noticePopupHidden';

function hiddenInThisTab(seq: number): boolean {
  try {
    return sessionStorage.getItem(HIDE_KEY) === String(seq);
  } catch {
    return false;
  }
}

/**
 * The home notice popup (300×300); 'do not show again' is remembered per tab. `behind`: another
 * layer (the product dialog) is open, so the popup steps aside; it stays mounted meanwhile, so a
 * popup the buyer closed stays closed when that layer closes.
 */
export function NoticePopup({
  notice,
  behind = false,
}: {
  notice: { seq: number; title: string; content: string };
  behind?: boolean;
}) {
  const [closed, setClosed] = useState(() => hiddenInThisTab(notice.seq));
  const [dontShow, setDontShow] = useState(false);
  if (closed || behind) return null;
  const close = () => {
    if (dontShow) {
      try {
        sessionStorage.setItem(HIDE_KEY, String(notice.seq));
      } catch {
        /* storage blocked: the alert of the app frame tells the user */
      }
    }
    setClosed(true);
  };
  return <NoticeLayer notice={notice} dontShow={dontShow} onDontShow={setDontShow} onClose={close} />;
}

/**
 * The popup itself. It opens with the page, after the whole product grid in the tab order, so it
 * takes focus (unless the visitor is already in a field) and hands it to the page's main content
 * when closed.
 */
function NoticeLayer({
  notice,
  dontShow,
  onDontShow,
  onClose,
}: {
  notice: { seq: number; title: string; content: string };
  dontShow: boolean;
  onDontShow: (v: boolean) => void;
  onClose: () => void;
}) {
  const box = useRef<HTMLElement>(null);
  const mobile = useMobile();
  useLayerFocus(box, { onlyFromBody: true });
  // Escape closes it, as every layer of the shop; not while someone types in a field of the page
  // (the search box's own Escape closes its suggestions).
  useDocumentKeydown((e) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    const t = e.target;
    const typing =
      t instanceof HTMLElement && t.matches('input:not([type=checkbox]), textarea, select, [contenteditable]');
    if (typing && !box.current?.contains(t)) return;
    onClose();
  });
  return (
    <aside
      ref={box}
      className="notice-popup"
      role="dialog"
      aria-label={notice.title}
      style={{ width: 300, height: 300 }}
    >
      <h2>
        {/* Cut to 3 lines here (notice-popup.css); the notice's page shows the whole title. */}
        <Link className="notice-popup-title" to={`${pathFor('notice', mobile)}/${notice.seq}`} title={notice.title}>
          {notice.title}
        </Link>
      </h2>
      {/* Notice HTML is sanitised by the server with an allow-list. */}
      <div className="notice-popup-body" dangerouslySetInnerHTML={{ __html: notice.content }} />
      <footer>
        <label className="check">
          <input type="checkbox" checked={dontShow} onChange={(e) => onDontShow(e.target.checked)} />
          {T.shop.noticePopupHide}
        </label>
        <button type="button" className="btn btn-small" onClick={onClose}>
          {T.common.close}
        </button>
      </footer>
    </aside>
  );
}
