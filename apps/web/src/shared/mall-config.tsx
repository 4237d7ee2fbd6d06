import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { TIMING, type MallConfig } from '@partsmall/contract';
import { post } from './api';

const MallConfigContext = createContext<MallConfig | null>(null);

/**
 * Loads the shop configuration, retrying every 100 ms while it is awaited, then re-reads it
 * periodically and reloads the page when `ver` changes (spec 1 §4).
 */
export function MallConfigProvider({ children, onRejected }: { children: ReactNode; onRejected: () => void }) {
  const [config, setConfig] = useState<MallConfig | null>(null);
  const loadedVer = useRef<number | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const res = await post<MallConfig>('api/getMallConfig').catch(() => null);
      if (stopped) return;
      if (res?.code === 200 && res.results) {
        if (loadedVer.current !== null && loadedVer.current !== res.results.ver) {
          window.location.reload();
          return;
        }
        loadedVer.current = res.results.ver;
        setConfig(res.results);
        timer = setTimeout(load, TIMING.configVersionCheckMs);
        return;
      }
      if (res?.code === 400) onRejected();
      timer = setTimeout(load, loadedVer.current === null ? TIMING.configPollMs : TIMING.configVersionCheckMs);
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [onRejected]);

  return <MallConfigContext.Provider value={config}>{children}</MallConfigContext.Provider>;
}

export function useMallConfig(): MallConfig | null {
  return useContext(MallConfigContext);
}
