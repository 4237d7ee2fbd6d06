import { useState } from 'react';
import { T } from '../../shared/texts';

const HIDE_KEY = 'noticePopupHidden';

function hiddenInThisTab(seq: number): boolean {
  try {
    return sessionStorage.getItem(HIDE_KEY) === String(seq);
  } catch {
    return false;
  }
}

/** The home notice popup (300×300); 'do not show again' is remembered per tab. */
export function NoticePopup({ notice }: { notice: { seq: number; title: string; content: string } }) {
  const [closed, setClosed] = useState(() => hiddenInThisTab(notice.seq));
  const [dontShow, setDontShow] = useState(false);
  if (closed) return null;
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
  return (
    <aside className="notice-popup" role="dialog" aria-label={notice.title} style={{ width: 300, height: 300 }}>
      <h2>{notice.title}</h2>
      {/* Notice HTML is sanitised by the server with an allow-list. */}
      <div className="notice-popup-body" dangerouslySetInnerHTML={{ __html: notice.content }} />
      <footer>
        <label className="check">
          <input type="checkbox" checked={dontShow} onChange={(e) => setDontShow(e.target.checked)} />
          {T.shop.noticePopupHide}
        </label>
        <button type="button" className="btn btn-small" onClick={close}>
          {T.common.close}
        </button>
      </footer>
    </aside>
  );
}
