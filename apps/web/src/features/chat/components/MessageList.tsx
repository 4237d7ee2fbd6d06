import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
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

interface ListProps {
  messages: ChatLine[];
  /** Which side is 'mine': the customer's popup shows user messages on the right, the console admin ones. */
  mine: 'user' | 'admin';
  /** The other side has read up to this message (sent/read marks). */
  otherRead: number;
  typing?: string | null;
  empty: ReactNode;
}

/**
 * Own and other messages with sender and time; new messages scroll into view after 100 ms, and the
 * list stays at its end while pictures arrive (docs/requirements.md#chat-screens).
 */
export function MessageList({ messages, mine, otherRead, typing, empty }: ListProps) {
  const last = messages.at(-1);
  const lastKey = last ? `${last.seq}:${last.clientMessageId}` : '';
  const { box, grew } = useStickToBottom<HTMLDivElement>(`${lastKey}|${typing ?? ''}`);
  return (
    <div className="chat-list" ref={box} data-testid="chat-list" aria-live="polite">
      {messages.length === 0 && <p className="chat-empty">{empty}</p>}
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
