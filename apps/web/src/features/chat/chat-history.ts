import { useCallback, useRef, useState } from 'react';
import { CHAT_LIMITS, type ChatAck, type ChatMessage, type ChatResults } from '@partsmall/contract';
import { lastSeqOf, type ChatLine } from './chat-socket';

/**
 * A conversation's history as both sides load it (docs/requirements.md#chat): the newest page when
 * nothing is shown yet, after a reconnect everything since the last stored message (asked again
 * while the server says more follow: at most 500 an answer), and on the reader's asking the page
 * before the first message shown, until there is none.
 */

export type HistoryRequest =
  { page: number; size: number } | { beforeSeq: number; size: number } | { afterSeq: number };
export type History = ChatResults<'oldMessageRequest'>;
/** One history request of a conversation; null when there was no answer (no connection, no acknowledgement in time). */
export type AskHistory = (key: number, q: HistoryRequest) => Promise<ChatAck<History> | null>;

/** The first stored message shown (0: none). */
export const firstSeqOf = (list: ChatLine[]) => list.find((m) => !m.pending)?.seq ?? 0;

/**
 * Brings a conversation up to date: the newest page when `list` holds no stored message, else
 * every message after its last, page after page while `more`. `merge` gets each answer's messages.
 * Resolves with the last answer (its read marks and unread count are the conversation's now) and,
 * for the newest page, whether older messages are on the server.
 */
export async function catchUp(
  ask: (q: HistoryRequest) => Promise<ChatAck<History> | null>,
  list: ChatLine[],
  merge: (messages: ChatMessage[]) => void,
): Promise<{ answer: ChatAck<History> | null; older?: boolean }> {
  let after = lastSeqOf(list);
  if (after === 0) {
    const answer = await ask({ page: 1, size: CHAT_LIMITS.historyPage });
    if (answer?.code !== 200 || !answer.results) return { answer };
    merge(answer.results.messages);
    return { answer, older: answer.results.more };
  }
  for (;;) {
    const answer = await ask({ afterSeq: after });
    if (answer?.code !== 200 || !answer.results) return { answer };
    merge(answer.results.messages);
    const last = lastSeqOf(answer.results.messages);
    if (!answer.results.more || last <= after) return { answer };
    after = last;
  }
}

/**
 * Older messages per conversation (the customer's one is 0): whether the server has messages before
 * the first shown, the one being loaded, and `catchUp` and `earlier` for the side's conversations.
 * `ask` and `merge` are stable (useCallback); `lines` gives a conversation's lines as they are now.
 */
export function useHistory(
  ask: AskHistory,
  merge: (key: number, messages: ChatMessage[]) => void,
  lines: (key: number) => ChatLine[],
  onError: (message: string) => void,
) {
  const [older, setOlder] = useState<Record<number, boolean>>({});
  const [loadingEarlier, setLoadingEarlier] = useState<number | null>(null);
  const busy = useRef(new Set<number>());

  const update = useCallback(
    async (key: number) => {
      const list = lines(key);
      const { answer, older: more } = await catchUp(
        (q) => ask(key, q),
        list,
        (messages) => merge(key, messages),
      );
      if (more !== undefined) setOlder((o) => ({ ...o, [key]: more }));
      // Not known after a replay of a conversation that never had its newest page: offered, and the answer tells.
      else if (lastSeqOf(list) > 0) setOlder((o) => (key in o ? o : { ...o, [key]: true }));
      return answer;
    },
    [ask, merge, lines],
  );

  /** The page before the first message shown, once at a time per conversation. */
  const earlier = useCallback(
    async (key: number) => {
      const first = firstSeqOf(lines(key));
      if (first === 0 || busy.current.has(key)) return;
      busy.current.add(key);
      setLoadingEarlier(key);
      try {
        const answer = await ask(key, { beforeSeq: first, size: CHAT_LIMITS.historyPage });
        if (answer?.code === 200 && answer.results) {
          merge(key, answer.results.messages);
          const more = answer.results.more;
          setOlder((o) => ({ ...o, [key]: more }));
        } else if (answer) onError(answer.message);
      } finally {
        busy.current.delete(key);
        setLoadingEarlier((k) => (k === key ? null : k));
      }
    },
    [ask, merge, lines, onError],
  );

  return { older, loadingEarlier, catchUp: update, earlier };
}
