import { useSyncExternalStore } from 'react';
import { SESSION, type ClientBaseInfo, type UserInfo } from '@partsmall/contract';

/**
 * The tab-scoped session (docs/requirements.md#accounts-and-sessions): token and user info live in sessionStorage, so each tab
 * logs in on its own; the tab has an 8-digit id.
 */
const KEYS = { token: 'token', userInfo: 'userInfo', tabId: 'tabId', baseInfo: 'clientBaseInfo' } as const;

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  baseInfo: ClientBaseInfo | null;
  tabId: string;
  /**
   * The screen (path and query) that was open when the tab's session expired, until the next login
   * or logout: the routing guard sends that screen to login, not home as a visitor's
   * (docs/requirements.md#accounts-and-sessions).
   */
  expiredOn: string | null;
}

let storageOk = true;
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    storageOk = false;
    return memory.get(key) ?? null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    storageOk = false;
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

export function storageAvailable(): boolean {
  try {
    const probe = '__probe__';
    sessionStorage.setItem(probe, '1');
    sessionStorage.removeItem(probe);
    return storageOk;
  } catch {
    return false;
  }
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function ensureTabId(): string {
  let id = read(KEYS.tabId);
  if (!id || !/^\d{8}$/.test(id)) {
    id = String(Math.floor(10 ** (SESSION.tabIdLength - 1) + Math.random() * 9 * 10 ** (SESSION.tabIdLength - 1)));
    write(KEYS.tabId, id);
  }
  return id;
}

/** Kept in memory, not in the tab's storage: a reload starts from what the storage holds. */
let expiredOn: string | null = null;
/**
 * The token this tab is ending itself (a logout, a withdrawal under way): the server ends that
 * session's sockets before it answers, and their 401 is no expiry to tell the user of.
 */
let leavingToken: string | null = null;
let state: SessionState = load();
const listeners = new Set<() => void>();

function load(): SessionState {
  return {
    token: read(KEYS.token),
    userInfo: parse<UserInfo>(read(KEYS.userInfo)),
    baseInfo: parse<ClientBaseInfo>(read(KEYS.baseInfo)),
    tabId: ensureTabId(),
    expiredOn,
  };
}

function emit() {
  state = load();
  for (const l of listeners) l();
}

function end(expired: string | null) {
  expiredOn = expired;
  leavingToken = null;
  write(KEYS.token, null);
  write(KEYS.userInfo, null);
  write(KEYS.baseInfo, null);
  emit();
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  login(token: string, userInfo: UserInfo) {
    expiredOn = null;
    write(KEYS.token, token);
    write(KEYS.userInfo, JSON.stringify(userInfo));
    write(KEYS.baseInfo, null);
    emit();
  },
  setUserInfo(userInfo: UserInfo) {
    write(KEYS.userInfo, JSON.stringify(userInfo));
    emit();
  },
  setBaseInfo(info: ClientBaseInfo) {
    write(KEYS.baseInfo, JSON.stringify(info));
    write(KEYS.userInfo, JSON.stringify(info.userInfo));
    emit();
  },
  /** This tab ends its session itself (a logout or withdrawal sent); `stay` when the server refused. */
  leave() {
    leavingToken = state.token;
  },
  stay() {
    leavingToken = null;
  },
  /** Whether the session now held is one this tab is ending itself. */
  leaving: () => state.token !== null && state.token === leavingToken,
  /** Logout: token, user info and client info go (docs/requirements.md#accounts-and-sessions). */
  clear() {
    end(null);
  },
  /**
   * A 401 on a call: the session goes as at a logout, and the screen `on` (path and query) is
   * remembered as the one it expired on, so that the guard sends it to login rather than home.
   */
  expire(on: string) {
    end(on);
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** The cash the member can spend: the pushed base info, else the login's company info. */
export function useCash(): number {
  const { baseInfo, userInfo } = useSession();
  return baseInfo?.memberPoint ?? userInfo?.companyInfo?.point ?? 0;
}
