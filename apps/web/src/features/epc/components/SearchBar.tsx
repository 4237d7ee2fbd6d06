import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  cutText,
  EPC_BRAND_LABELS,
  EPC_MSG,
  EPC_SEARCH_BRANDS,
  checkVin,
  normalizeVinInput,
  vinHint,
  type EpcBrand,
} from '@partsmall/contract';
import { useNotify } from '../../../shared/ui/notify';
import { historyQuery } from '../api';
import { TE } from '../texts';

export interface SearchBarProps {
  initialBrand: EpcBrand;
  initialVin: string;
  licensed: boolean;
  ready: boolean;
  testVins: { brand: string; vin: string; title: string }[];
  busy: boolean;
  onSearch(brand: EpcBrand, vin: string): void;
}

/**
 * Brand dropdown, VIN box with the brand's hint and the company's history, and the search button
 * once the VIN is valid (docs/requirements.md#vin-rules). Without a licence: the test-VIN dropdown instead.
 */
export function SearchBar({ initialBrand, initialVin, licensed, ready, testVins, busy, onSearch }: SearchBarProps) {
  const notify = useNotify();
  const [brand, setBrand] = useState<EpcBrand>(initialBrand);
  const [vin, setVin] = useState(initialVin);
  const [historyOpen, setHistoryOpen] = useState(false);
  const history = useQuery({ ...historyQuery(brand), enabled: licensed && historyOpen });
  const checked = checkVin(brand, vin);
  const shown = useHistoryEntries(history.data, vin, historyOpen, setVin, setHistoryOpen);
  const vinRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const historyKeys = useHistoryKeys(vinRef, listRef, historyOpen, setHistoryOpen, shown.entries?.length ?? 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (vin === '') {
      void notify.alert(EPC_MSG.vinRequired);
      return;
    }
    if (!checked.ok) {
      void notify.alert(checked.message);
      return;
    }
    setHistoryOpen(false);
    onSearch(brand, checked.vin);
  };

  return (
    <form className="epc-search no-print" onSubmit={submit} role="search">
      {licensed && (
        <label>
          <span className="sr-only">{TE.brand}</span>
          <select
            value={brand}
            onChange={(e) => setBrand(e.target.value as EpcBrand)}
            aria-label={TE.brand}
            data-testid="epc-brand"
          >
            {EPC_SEARCH_BRANDS.map((b) => (
              <option key={b} value={b}>
                {EPC_BRAND_LABELS[b]}
              </option>
            ))}
          </select>
        </label>
      )}
      {ready && licensed && (
        <div
          className="epc-vin-box"
          onKeyDown={historyKeys}
          onBlur={(e) => {
            // Closed when the focus leaves the box and its list, not when it moves into the list.
            if (!e.currentTarget.contains(e.relatedTarget)) setHistoryOpen(false);
          }}
        >
          <input
            ref={vinRef}
            value={vin}
            onChange={(e) => shown.onType(normalizeVinInput(e.target.value))}
            onFocus={shown.onEnter}
            placeholder={TE.vinPlaceholder}
            aria-label={TE.vin}
            autoComplete="off"
            spellCheck={false}
            data-testid="epc-vin"
          />
          {shown.listShown && (
            <ul className="epc-history" ref={listRef} role="listbox" aria-label={TE.history}>
              {shown.entries?.length === 0 && <li className="muted">{TE.historyEmpty}</li>}
              {shown.entries?.map((h) => (
                <li key={h.vin} role="option" aria-selected={false}>
                  <button
                    type="button"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => {
                      setVin(h.vin);
                      // The focus goes back to the box before the list (and this entry) goes.
                      vinRef.current?.focus();
                      setHistoryOpen(false);
                      onSearch(brand, h.vin);
                    }}
                  >
                    <span className="mono">{h.vin}</span> <span className="muted">{h.title}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {ready && !licensed && (
        <label className="epc-test-vins">
          <span>{TE.testVins}</span>
          <select
            value=""
            data-testid="epc-test-vin"
            onChange={(e) => {
              const t = testVins.find((x) => x.vin === e.target.value);
              if (t) onSearch('all', t.vin);
            }}
          >
            <option value="">{TE.testVinPick}</option>
            {testVins.map((t) => (
              <option key={t.vin} value={t.vin}>
                {EPC_BRAND_LABELS[t.brand as EpcBrand] ?? t.brand} · {t.vin} · {t.title}
              </option>
            ))}
          </select>
        </label>
      )}
      {licensed && checked.ok && (
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="epc-search">
          {busy ? TE.searching : TE.search}
        </button>
      )}
      {licensed && (
        <span className="epc-hint muted">{vin === '' || checked.ok ? vinHint(brand) : checked.message}</span>
      )}
    </form>
  );
}

/**
 * The entries the history list shows: while the buyer types, those holding what is typed, and with none
 * the list stays shut so the hint under the box shows; a box just entered (holding the last search)
 * lists them all (docs/requirements.md#catalogue-screens).
 */
function useHistoryEntries<T extends { vin: string }>(
  all: T[] | undefined,
  vin: string,
  open: boolean,
  setVin: (vin: string) => void,
  setOpen: (open: boolean) => void,
) {
  const [typing, setTyping] = useState(false);
  const filtered = typing && vin !== '';
  const entries = filtered ? all?.filter((h) => h.vin.includes(vin)) : all;
  return {
    entries,
    listShown: open && (!filtered || (entries?.length ?? 0) > 0),
    onType: (typed: string) => {
      setVin(typed);
      setTyping(true);
    },
    onEnter: () => {
      setTyping(false);
      setOpen(true);
    },
  };
}

/**
 * The history list by keyboard: ↓ opens it and goes down its entries, ↑ goes up them and from the
 * first back to the VIN box, Escape closes it and puts the focus back in the box (Tab moves through
 * it as through any buttons). `entries` is how many the list shows.
 */
function useHistoryKeys(
  vinRef: RefObject<HTMLInputElement | null>,
  listRef: RefObject<HTMLUListElement | null>,
  open: boolean,
  setOpen: (open: boolean) => void,
  entries: number,
) {
  // ↓ on the closed list: its first entry takes the focus once it shows.
  const focusFirst = useRef(false);
  useEffect(() => {
    if (!open || !focusFirst.current || entries === 0) return;
    focusFirst.current = false;
    listRef.current?.querySelector('button')?.focus();
  }, [open, entries, listRef]);

  return (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      // Focused first: the box's focus opens the list, which then closes.
      vinRef.current?.focus();
      setOpen(false);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (open) buttons[Math.min(at + 1, buttons.length - 1)]?.focus();
      else {
        focusFirst.current = true;
        setOpen(true);
      }
    } else if (e.key === 'ArrowUp' && at >= 0) {
      e.preventDefault();
      (at === 0 ? vinRef.current : buttons[at - 1])?.focus();
    }
  };
}

export function PartSearchBox({
  disabled,
  busy,
  onSearch,
}: {
  disabled: boolean;
  busy: boolean;
  onSearch(keyword: string): void;
}) {
  const [keyword, setKeyword] = useState('');
  return (
    <form
      className="epc-part-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(keyword);
      }}
    >
      <input
        value={keyword}
        onChange={(e) => setKeyword(cutText(e.target.value, 50))}
        maxLength={50}
        placeholder={TE.partSearchPlaceholder}
        aria-label={TE.partSearch}
        disabled={disabled}
      />
      <button type="submit" className="btn btn-small" disabled={disabled || busy}>
        {TE.partSearch}
      </button>
    </form>
  );
}
