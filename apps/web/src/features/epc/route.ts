/**
 * The catalogue's place, kept in the route (docs/requirements.md#catalogue-screens): /epcMain/{vin}/{brand}/{mcid}/{num}/
 * {filter}/{level}/{subgroup}/{hasChild}/{parts}/{mid}/{childMid}/{reset}/{searchPnum} on the
 * desktop (positional; an empty one is written '-'), and the same names as a query on
 * /mobileEpcMain. The panels shown are chosen from these values alone.
 */
export const EPC_PARAMS = [
  'vin',
  'brand',
  'mcid',
  'num',
  'filter',
  'level',
  'subgroup',
  'hasChild',
  'parts',
  'mid',
  'childMid',
  'reset',
  'searchPnum',
] as const;
export type EpcParamName = (typeof EPC_PARAMS)[number];
export type EpcParams = Partial<Record<EpcParamName, string>>;

export const EPC_DESKTOP = '/epcMain';
export const EPC_MOBILE = '/mobileEpcMain';
const EMPTY = '-';

/**
 * The route pattern of React Router: the catalogue and any rest of the path, which pathParamsOf
 * reads. (Not 13 optional parameters: React Router expands every optional segment into two route
 * branches, 2^13 = 8,192 of them, which it ranks when the app starts and compiles into regular
 * expressions on every match: most of the main-thread time of every page of the shop.)
 */
export const EPC_ROUTE_PATTERN = `${EPC_DESKTOP}/*`;

/**
 * The positional values of a desktop address (`/epcMain/{vin}/{brand}/…`), each decoded as React
 * Router decodes a parameter (an encoded '/' stays inside its value; trailing slashes ignored);
 * null when the address has more segments than the catalogue has parameters (no such page).
 */
export function pathParamsOf(pathname: string): Record<string, string> | null {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(2);
  if (segments.length > EPC_PARAMS.length) return null;
  const out: Record<string, string> = {};
  segments.forEach((segment, i) => {
    let value = segment;
    try {
      value = decodeURIComponent(segment);
    } catch {
      // a malformed escape: the raw segment, as React Router keeps it
    }
    out[EPC_PARAMS[i]!] = value;
  });
  return out;
}

/** The values React Router read from the path (or the mobile query), '-' and '' dropped. */
export function readParams(source: Record<string, string | undefined> | URLSearchParams): EpcParams {
  const out: EpcParams = {};
  for (const name of EPC_PARAMS) {
    const raw = source instanceof URLSearchParams ? source.get(name) : source[name];
    if (raw !== undefined && raw !== null && raw !== '' && raw !== EMPTY) out[name] = raw;
  }
  return out;
}

/** The address of a place: positional on the desktop (trailing empties left out), a query on phones. */
export function epcHref(params: EpcParams, mobile: boolean): string {
  if (mobile) {
    const q = new URLSearchParams();
    for (const name of EPC_PARAMS) if (params[name]) q.set(name, params[name]);
    const s = q.toString();
    return s ? `${EPC_MOBILE}?${s}` : EPC_MOBILE;
  }
  const parts = EPC_PARAMS.map((name) => (params[name] ? encodeURIComponent(params[name]) : EMPTY));
  while (parts.length > 0 && parts[parts.length - 1] === EMPTY) parts.pop();
  return parts.length ? `${EPC_DESKTOP}/${parts.join('/')}` : EPC_DESKTOP;
}

export type EpcPanel = 'search' | 'groups' | 'subGroups' | 'childGroups' | 'parts';

/**
 * Which panels show (docs/requirements.md#catalogue-screens): search without a VIN; with one, the parts list when `parts` is
 * true, else child groups (hasChild 1, no childMid), else sub groups (num without level), else the
 * main groups with the vehicle data.
 */
export function panelOf(p: EpcParams): EpcPanel {
  if (!p.vin) return 'search';
  if (p.parts === 'true') return 'parts';
  if (p.num && p.hasChild === '1' && !p.childMid && p.level) return 'childGroups';
  if (p.num && !p.level) return 'subGroups';
  return 'groups';
}

/** The filter (docs/requirements.md#catalogue-panels): '1' (default) only parts that fit the vehicle, '0' all. */
export function filterOn(p: EpcParams): boolean {
  return p.filter !== '0';
}

/** F5, Ctrl+R, Cmd+R, Ctrl+Shift+R: blocked in the catalogue window (docs/requirements.md#catalogue-screens). */
export function isReloadShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  const key = e.key.toLowerCase();
  return key === 'f5' || ((e.ctrlKey || e.metaKey) && key === 'r');
}

/** Moves the catalogue to a place (a new history entry, or in place of the current one). */
export type Go = (p: EpcParams, replace?: boolean) => void;
