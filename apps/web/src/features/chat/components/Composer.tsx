import { useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { CHAT_LIMITS, MSG_CHAT } from '@partsmall/contract';
import { Spinner } from '../../../shared/ui/states';
import { imageFilesOf, uploadProblem } from '../api';
import { TC } from '../texts';
import '../chat.css';

/**
 * Whether a text is over the chat's limit as the server counts it: characters (code points, an
 * emoji one) after trimming, not the UTF-16 units a textarea's maxLength counts.
 */
export function overChatLimit(text: string): boolean {
  let n = 0;
  for (const _ of text.trim()) if (++n > CHAT_LIMITS.messageMaxChars) return true;
  return false;
}

interface ComposerProps {
  /**
   * The conversation: what sends a message, what tells the other side someone types, and the
   * conversation's text not sent yet (useDrafts: a refused message's text comes back there).
   */
  chat: {
    send: (text: string) => boolean;
    sendTyping?: () => void;
    draft: string;
    setDraft: (text: string | ((before: string) => string)) => void;
  };
  /** What sends pictures (useChatFiles), busy while they go. */
  files: { onFiles: (files: File[]) => void; busy: boolean };
  onProblem: (message: string) => void;
  disabled?: boolean;
  staff?: boolean;
  /** A text to put into the box (canned replies). */
  insert?: { text: string; at: number } | null;
  /** On a phone the hint names the send button (a phone's keyboard has no Shift+Enter). */
  phone?: boolean;
}

/**
 * Text area (Enter sends, Shift+Enter new line), attach button, drag-and-drop and pasting of images.
 * A text over the limit is kept whole and said so, never cut (docs/requirements.md#chat-screens).
 */
export function Composer({
  chat: { send: onSend, sendTyping: onTyping, draft: text, setDraft: setText },
  files: { onFiles, busy },
  onProblem,
  disabled = false,
  staff = false,
  insert,
  phone = false,
}: ComposerProps) {
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const overId = useId();
  const over = overChatLimit(text);
  useEffect(() => {
    if (insert) setText((t) => (t ? `${t}\n${insert.text}` : insert.text));
  }, [insert, setText]);

  const submit = () => {
    if (disabled) return;
    if (over) {
      onProblem(MSG_CHAT.messageTooLong);
      return;
    }
    // A blank message is refused and the box cleared (docs/requirements.md#chat).
    if (onSend(text) || text.trim() === '') setText('');
  };
  const files = (list: FileList | File[] | null) => {
    if (!list || disabled) return;
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
        aria-invalid={over || undefined}
        aria-describedby={over ? overId : undefined}
        disabled={disabled}
        data-testid="chat-input"
      />
      {over && (
        <p className="field-error" id={overId} role="alert">
          {MSG_CHAT.messageTooLong}
        </p>
      )}
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
