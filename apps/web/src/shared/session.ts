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

let state: SessionState = load();
const listeners = new Set<() => void>();

function load(): SessionState {
  return {
    token: read(KEYS.token),
    userInfo: parse<UserInfo>(read(KEYS.userInfo)),
    baseInfo: parse<ClientBaseInfo>(read(KEYS.baseInfo)),
    tabId: ensureTabId(),
  };
}

function emit() {
  state = load();
  for (const l of listeners) l();
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  login(token: string, userInfo: UserInfo) {
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
  /** Logout and 401: token, user info and client info go (docs/requirements.md#accounts-and-sessions). */
  clear() {
    write(KEYS.token, null);
    write(KEYS.userInfo, null);
    write(KEYS.baseInfo, null);
    emit();
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
