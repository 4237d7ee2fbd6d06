import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ChatMessage } from '@partsmall/contract';
import { dateTime } from '../../../shared/format';
import { openPopup, POPUP } from '../../../shared/ui/popup';
import { fileLinkQuery, linkExpired } from '../api';
import { TC } from '../texts';
import type { ChatLine } from '../useChat';
import { useStickToBottom } from '../useStickToBottom';
import '../chat.css';

/** Opens a picture in the 400x300 image window (docs/requirements.md#chat-screens). */
export function openImage(url: string) {
  openPopup(url, 'chatImage', POPUP.image);
}

/** A thumbnail is drawn within this square (chat.css, .chat-thumb img). */
const THUMB_PX = 160;

/**
 * The box a picture's thumbnail is drawn in: its shape within THUMB_PX, known from the message
 * before the picture arrives, so that nothing below it moves when it does; none for a picture of
 * unknown size.
 */
export function thumbBox(width: number, height: number): { width: number; height: number } | null {
  if (width <= 0 || height <= 0) return null;
  const scale = Math.min(1, THUMB_PX / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * One picture of a file message: its thumbnail, opening the full picture in the image window. The
 * addresses came with the message and live minutes; an expired one is exchanged for a fresh one
 * first (the thumbnail on a failed load, the window before it navigates). `onLoad` tells the list
 * a picture has arrived.
 */
function ChatImage({ file, onLoad }: { file: ChatMessage['fileList'][number]; onLoad: () => void }) {
  const queryClient = useQueryClient();
  // A fresh thumbnail address, once the one of the message failed to load.
  const [freshThumb, setFreshThumb] = useState<string | null>(null);
  const [renewed, setRenewed] = useState(false);
  const fresh = () => queryClient.fetchQuery(fileLinkQuery(file.seq));
  const open = () => {
    if (!linkExpired(file.url)) return openImage(file.url);
    // Opened now, while the click still counts as the user's, and sent on once the address arrives.
    const win = openPopup('about:blank', 'chatImage', POPUP.image);
    fresh().then(
      (link) => {
        if (win) win.location.href = link.url;
      },
      () => win?.close(),
    );
  };
  const onError = () => {
    if (renewed) return;
    setRenewed(true);
    fresh().then(
      (link) => setFreshThumb(link.thumbUrl),
      () => undefined,
    );
  };
  return (
    <button type="button" className="chat-thumb" onClick={open} title={TC.imageWindow}>
      <img
        src={freshThumb ?? file.thumbUrl}
        alt={TC.imageAlt(file.name)}
        {...thumbBox(file.width, file.height)}
        loading="lazy"
        onLoad={onLoad}
        onError={onError}
      />
    </button>
  );
}

function ProductCard({ product }: { product: NonNullable<ChatMessage['product']> }) {
  return (
    <a
      className="chat-product"
      href={`/productDetail/${product.seq}`}
      target="_blank"
      rel="noopener"
      data-testid="chat-product-card"
    >
      {product.image ? <img src={product.image} alt="" /> : <span className="chat-product-noimg" />}
      <span>
        <b>{product.name}</b>
        {/* A part number is read whole: it breaks before or after, never inside. */}
        <small>
          <span className="chat-product-pid">
            {TC.productPid} {product.pid}
          </span>{' '}
          · {TC.productCard}
        </small>
      </span>
    </a>
  );
}

/** A conversation's older messages on the server (chat-history.ts): whether there are, and loading them. */
export interface Earlier {
  more: boolean;
  loading: boolean;
  load: () => void;
}

/** How near its top a list counts as at the top, for a wheel or a finger pulling further up. */
const AT_TOP_PX = 8;

/**
 * Loading older messages from the top of the list: '이전 메시지 보기' (`load`), or the wheel or a
 * finger pulling down at the top. The reader stays where they were: the list's distance from its end
 * is kept while the older messages come in above (docs/requirements.md#chat-screens).
 */
function useEarlier(box: RefObject<HTMLDivElement | null>, earlier: Earlier | undefined, firstKey: string) {
  const fromEnd = useRef<number | null>(null);
  const more = earlier?.more === true;
  const loading = earlier?.loading === true;
  const loadFn = earlier?.load;
  const load = useCallback(() => {
    const el = box.current;
    if (!el || !more || loading || !loadFn) return;
    fromEnd.current = el.scrollHeight - el.scrollTop;
    loadFn();
  }, [box, more, loading, loadFn]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || fromEnd.current === null || loading) return;
    el.scrollTop = el.scrollHeight - fromEnd.current;
    fromEnd.current = null;
  }, [box, firstKey, loading]);

  useEffect(() => {
    const el = box.current;
    if (!el || !more) return;
    const atTop = () => el.scrollTop <= AT_TOP_PX;
    const wheel = (e: WheelEvent) => {
      if (e.deltaY < 0 && atTop()) load();
    };
    let touchY = 0;
    const touchStart = (e: TouchEvent) => {
      touchY = e.touches[0]?.clientY ?? 0;
    };
    const touchMove = (e: TouchEvent) => {
      if ((e.touches[0]?.clientY ?? 0) > touchY && atTop()) load();
    };
    el.addEventListener('wheel', wheel, { passive: true });
    el.addEventListener('touchstart', touchStart, { passive: true });
    el.addEventListener('touchmove', touchMove, { passive: true });
    return () => {
      el.removeEventListener('wheel', wheel);
      el.removeEventListener('touchstart', touchStart);
      el.removeEventListener('touchmove', touchMove);
    };
  }, [box, more, load]);
  return load;
}

interface ListProps {
  messages: ChatLine[];
  /** Which side is 'mine': the customer's popup shows user messages on the right, the console admin ones. */
  mine: 'user' | 'admin';
  /** The other side has read up to this message (sent/read marks). */
  otherRead: number;
  typing?: string | null;
  empty: ReactNode;
  /** Older messages of the conversation: '이전 메시지 보기' at the top while there are. */
  earlier?: Earlier | undefined;
}

/**
 * Own and other messages with sender and time; new messages scroll into view after 100 ms, and the
 * list stays at its end while pictures arrive (docs/requirements.md#chat-screens).
 */
export function MessageList({ messages, mine, otherRead, typing, empty, earlier }: ListProps) {
  const last = messages.at(-1);
  const lastKey = last ? `${last.seq}:${last.clientMessageId}` : '';
  const { box, grew } = useStickToBottom<HTMLDivElement>(`${lastKey}|${typing ?? ''}`);
  const loadEarlier = useEarlier(box, earlier, messages[0] ? `${messages[0].seq}:${messages[0].clientMessageId}` : '');
  return (
    <div className="chat-list" ref={box} data-testid="chat-list" aria-live="polite" aria-busy={earlier?.loading}>
      {messages.length === 0 && <p className="chat-empty">{empty}</p>}
      {earlier?.more && messages.length > 0 && (
        <button type="button" className="chat-earlier" onClick={loadEarlier} disabled={earlier.loading}>
          {earlier.loading ? TC.earlierLoading : TC.earlier}
        </button>
      )}
      {messages.map((m) => {
        const own = m.sendSide === mine;
        return (
          <div
            key={m.pending ? `p-${m.clientMessageId}` : m.seq}
            className={own ? 'chat-msg own' : 'chat-msg'}
            data-testid="chat-message"
          >
            <div className="chat-meta">
              <b>{own ? TC.me : m.sendSide === 'admin' ? m.sendUserName || TC.staffName : m.sendUserName}</b>
              <time dateTime={m.created}>{dateTime(m.created)}</time>
            </div>
            <div className="chat-bubble">
              {m.type === 'file' ? (
                <div className="chat-files">
                  {m.fileList.map((f) => (
                    <ChatImage key={f.seq} file={f} onLoad={grew} />
                  ))}
                </div>
              ) : (
                <span className="chat-text">{m.sendMessage}</span>
              )}
              {m.product && <ProductCard product={m.product} />}
            </div>
            {own && (
              <span className="chat-mark" data-testid="chat-mark">
                {m.pending ? TC.sending : m.seq <= otherRead ? TC.read : TC.sent}
              </span>
            )}
          </div>
        );
      })}
      {typing && <p className="chat-typing">{TC.typing(typing)}</p>}
    </div>
  );
}
