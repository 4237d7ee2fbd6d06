import { useQueryClient } from '@tanstack/react-query';
import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { COMPANY_LEVEL_NAMES, type ChatMessage, type CompanyLevel } from '@partsmall/contract';
import { dateTime } from '../../shared/format';
import { openPopup, POPUP } from '../../shared/ui/popup';
import { Spinner } from '../../shared/ui/states';
import { fileLinkQuery, imageFilesOf, linkExpired, uploadProblem } from './api';
import { TC } from './texts';
import type { ChatLine } from './useChat';
import './chat.css';

/** The level icon of the chat header: a coloured badge with the level's name. */
export function LevelIcon({ level }: { level: CompanyLevel | null | undefined }) {
  if (!level) return null;
  return (
    <span className={`level-badge level-${level}`} data-testid="chat-level">
      {COMPANY_LEVEL_NAMES[level]}
    </span>
  );
}

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
          품번 {product.pid} · {TC.productCard}
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

interface ComposerProps {
  onSend: (text: string) => boolean;
  onFiles: (files: File[]) => void;
  onTyping?: () => void;
  onProblem: (message: string) => void;
  busy: boolean;
  disabled?: boolean;
  staff?: boolean;
  /** A text to put into the box (canned replies). */
  insert?: { text: string; at: number } | null;
  /** On a phone the hint names the send button (a phone's keyboard has no Shift+Enter). */
  phone?: boolean;
}

/** Text area (Enter sends, Shift+Enter new line), attach button, drag-and-drop and pasting of images. */
export function Composer({
  onSend,
  onFiles,
  onTyping,
  onProblem,
  busy,
  disabled = false,
  staff = false,
  insert,
  phone = false,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (insert) setText((t) => (t ? `${t}\n${insert.text}` : insert.text));
  }, [insert]);

  const submit = () => {
    if (disabled) return;
    // A blank message is refused and the box cleared (docs/requirements.md#chat).
    if (onSend(text) || text.trim() === '') setText('');
  };
  const files = (list: FileList | File[] | null) => {
    if (!list) return;
    const all = [...list];
    const images = imageFilesOf(all, staff);
    const problem = images.length !== all.length ? uploadProblem([], staff) : uploadProblem(images, staff);
    if (problem) onProblem(problem);
    else onFiles(images);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...e.clipboardData.files];
    if (pasted.length > 0) {
      e.preventDefault();
      files(pasted);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    files(e.dataTransfer.files);
  };
  return (
    <div
      className={dragging ? 'chat-composer dragging' : 'chat-composer'}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {dragging && <div className="chat-drop">{TC.dropHere}</div>}
      <textarea
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onTyping?.();
        }}
        onKeyDown={onKey}
        onPaste={onPaste}
        placeholder={phone ? TC.placeholderPhone : TC.placeholder}
        aria-label={phone ? TC.placeholderPhone : TC.placeholder}
        rows={3}
        maxLength={2000}
        disabled={disabled}
        data-testid="chat-input"
      />
      <div className="chat-actions">
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={staff ? 'image/*,.jfif,.tif,.tiff' : 'image/*,.jfif'}
          onChange={(e) => {
            files(e.target.files);
            e.target.value = '';
          }}
          data-testid="chat-file"
        />
        <button
          type="button"
          className="btn"
          onClick={() => fileInput.current?.click()}
          disabled={disabled || busy}
          title={TC.attach}
        >
          {busy ? <Spinner label={TC.uploading} /> : TC.attach}
        </button>
        <button type="button" className="btn btn-primary" onClick={submit} disabled={disabled} data-testid="chat-send">
          {TC.send}
        </button>
      </div>
    </div>
  );
}

const NOTIFY_ASKED_KEY = 'chatNotifyAsked';
function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}
function writeFlag(key: string) {
  try {
    localStorage.setItem(key, '1');
  } catch {
    /* storage blocked: asked again next time */
  }
}

/** Asks for notification permission on the first visit and says how it went (docs/requirements.md#chat-screens). */
export function useNotificationPermission(alert: (message: string) => void, enabled = true) {
  useEffect(() => {
    if (!enabled || typeof Notification === 'undefined' || Notification.permission !== 'default') return;
    // A prompt closed without an answer leaves the permission at 'default' (and a browser may deny it
    // without asking): the question and its answer come once per browser, not at every chat open.
    if (readFlag(NOTIFY_ASKED_KEY)) return;
    writeFlag(NOTIFY_ASKED_KEY);
    void Notification.requestPermission().then((p) => {
      if (p === 'granted') alert(TC.notifyAllowed);
      else if (p === 'denied') alert(TC.notifyDenied);
    });
  }, [alert, enabled]);
}

/** A desktop notification while the window is not focused; closes itself after 2 s (docs/requirements.md#limits). */
export function notifyUnfocused(title: string, body: string, onClick?: () => void) {
  if (document.hasFocus() || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const n = new Notification(title, { body, tag: 'partsmall-chat' });
  n.onclick = () => {
    window.focus();
    onClick?.();
    n.close();
  };
  setTimeout(() => n.close(), 2000);
}

/** The chat windows block zoom and the context menu (docs/requirements.md#chat-screens). */
export function useBlockZoomAndMenu() {
  useEffect(() => {
    const menu = (e: Event) => e.preventDefault();
    const wheel = (e: WheelEvent) => {
      if (e.ctrlKey) e.preventDefault();
    };
    const keys = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && ['+', '-', '=', '0'].includes(e.key)) e.preventDefault();
    };
    document.addEventListener('contextmenu', menu);
    window.addEventListener('wheel', wheel, { passive: false });
    window.addEventListener('keydown', keys);
    return () => {
      document.removeEventListener('contextmenu', menu);
      window.removeEventListener('wheel', wheel);
      window.removeEventListener('keydown', keys);
    };
  }, []);
}

/** The tab title carries the unread count: '(2) 채팅 상담'. */
export function useUnreadTitle(unread: number) {
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\)\s*/, '');
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
  }, [unread]);
}

export function ConnectionLine({ status }: { status: string }) {
  if (status === 'online') return null;
  return (
    <p className="chat-status" role="status">
      {status === 'connecting' ? TC.connecting : TC.reconnecting}
    </p>
  );
}
