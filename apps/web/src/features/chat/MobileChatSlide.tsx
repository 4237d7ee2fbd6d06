import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useDialogLayer } from '../../shared/ui/Modal';
import { Loading } from '../../shared/ui/states';
import { TC } from './texts';
import './chat.css';

const ChatPage = lazy(() => import('./ChatPage').then((m) => ({ default: m.ChatPage })));

/**
 * The chat entry of the mobile bottom bar (chat is a slide panel, docs/requirements.md#chat-screens): a
 * member gets the chat in a panel over the page; anyone else the chat entry.
 */
export function MobileChatEntry({ children }: { children: ReactNode }) {
  const { userInfo } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const onClick = () => (userInfo?.companyId ? setOpen(true) : navigate('/chatStart?m=1'));
  return (
    <>
      <button type="button" onClick={onClick} data-testid="m-chat">
        {children}
      </button>
      {/* Outside the bottom bar, whose button and text styles must not reach the chat. */}
      {open && createPortal(<ChatSlide onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

/** The chat panel over the page: takes focus when it opens, gives it back to the bar when it closes. */
function ChatSlide({ onClose }: { onClose: () => void }) {
  const layer = useDialogLayer<HTMLDivElement>(TC.title, onClose);
  return (
    <div {...layer} className="chat-slide" data-testid="chat-slide">
      <button type="button" className="chat-slide-close" onClick={onClose}>
        {T.common.close}
      </button>
      <Suspense fallback={<Loading />}>
        <ChatPage mobile embedded />
      </Suspense>
    </div>
  );
}
