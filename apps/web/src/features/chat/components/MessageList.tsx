import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ChatMessage } from '@partsmall/contract';
import { dateTime } from '../../../shared/format';
import { openPopup, POPUP } from '../../../shared/ui/popup';
import { fileLinkQuery, linkExpired } from '../api';
import { TC } from '../texts';
import type { ChatLine } from '../useChat';
import '../chat.css';

/** Opens a picture in the 400x300 image window (docs/requirements.md#chat-screens). */
export function openImage(url: string) {
  openPopup(url, 'chatImage', POPUP.image);
}

/**
 * One picture of a file message: its thumbnail, opening the full picture in the image window. The
 * addresses came with the message and live minutes; an expired one is exchanged for a fresh one
 * first (the thumbnail on a failed load, the window before it navigates).
 */
function ChatImage({ file }: { file: ChatMessage['fileList'][number] }) {
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
        width={Math.min(file.width, 160)}
        loading="lazy"
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
        <small>
          {TC.productPid} {product.pid} · {TC.productCard}
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

/** Own and other messages with sender and time; new messages scroll into view after 100 ms (docs/requirements.md#chat). */
export function MessageList({ messages, mine, otherRead, typing, empty }: ListProps) {
  const box = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const lastKey = last ? `${last.seq}:${last.clientMessageId}` : '';
  useEffect(() => {
    const t = setTimeout(() => box.current?.scrollTo({ top: box.current.scrollHeight }), 100);
    return () => clearTimeout(t);
  }, [lastKey, typing]);
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
                    <ChatImage key={f.seq} file={f} />
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
