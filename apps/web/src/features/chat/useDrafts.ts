import { useCallback, useEffect, useState } from 'react';

/** Each conversation's text not yet stored, by its customer (the customer's own side: 0). */
export type Drafts = Record<number, string>;

/** Where the tab keeps a member's drafts. */
export const chatDraftKey = (memberSeq: number) => `chatDraft:${memberSeq}`;

function readDrafts(key: string | null): Drafts {
  if (!key) return {};
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Drafts;
  } catch {
    return {};
  }
}

function writeDrafts(key: string, drafts: Drafts) {
  const kept = Object.entries(drafts).filter(([, v]) => v !== '');
  try {
    if (kept.length === 0) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage blocked or full: the drafts live as long as the page.
  }
}

/**
 * What is typed and not yet stored, per conversation, kept in the tab under the member's key
 * (docs/requirements.md#chat-screens): a refused message's text comes back into its conversation's
 * box (`giveBack`), before what was typed since, and a session that ends while something is typed
 * (the chat entry, a login again in the tab) loses none of it. Each member of the tab has its own key.
 */
export function useDrafts(key: string | null) {
  const [state, setState] = useState(() => ({ key, drafts: readDrafts(key) }));
  // Another member in the tab: their own drafts (state adjusted while rendering, not in an effect).
  let current = state;
  if (state.key !== key) {
    current = { key, drafts: readDrafts(key) };
    setState(current);
  }
  const { drafts } = current;
  useEffect(() => {
    if (state.key) writeDrafts(state.key, state.drafts);
  }, [state]);

  const setDraft = useCallback((target: number, text: string | ((before: string) => string)) => {
    setState((s) => {
      const before = s.drafts[target] ?? '';
      const next = typeof text === 'function' ? text(before) : text;
      return next === before ? s : { ...s, drafts: { ...s.drafts, [target]: next } };
    });
  }, []);
  const giveBack = useCallback(
    (target: number, text: string) => setDraft(target, (typed) => (typed.trim() === '' ? text : `${text}\n${typed}`)),
    [setDraft],
  );
  return { drafts, setDraft, giveBack };
}

/** One conversation's draft as the composer takes it (`target` null: none chosen, nothing kept). */
export function useDraftOf(
  { drafts, setDraft }: Pick<ReturnType<typeof useDrafts>, 'drafts' | 'setDraft'>,
  target: number | null,
) {
  const setOne = useCallback(
    (text: string | ((before: string) => string)) => {
      if (target !== null) setDraft(target, text);
    },
    [setDraft, target],
  );
  return { draft: target === null ? '' : (drafts[target] ?? ''), setDraft: setOne };
}
