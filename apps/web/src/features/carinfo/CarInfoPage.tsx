import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BodyPart } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { T } from '../../shared/texts';
import { Loading } from '../../shared/ui/states';
import { TableHead } from '../../shared/ui/TableHead';
import { bodyPartsQuery } from './api';
import './carinfo.css';

const pageName = (page: number) => T.carInfo.pageNames[page] ?? '';

/**
 * Reference table of body parts (/carInfo, docs/requirements.md#routes): Chinese and Korean names with
 * a description, grouped by page number, with a page selector and a filter box.
 */
export function CarInfoPage() {
  const query = useQuery(bodyPartsQuery);
  const parts = query.data ?? null;
  const error = query.error ? messageOf(query.error) : null;
  const [page, setPage] = useState<number | null>(null);
  const [filter, setFilter] = useState('');

  const pages = useMemo(() => [...new Set((parts ?? []).map((p) => p.page))].sort((a, b) => a - b), [parts]);
  const groups = useMemo(() => {
    const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const shown = (parts ?? []).filter(
      (p) =>
        (page === null || p.page === page) &&
        words.every((w) => `${p.nameCn} ${p.nameKo} ${p.description}`.toLowerCase().includes(w)),
    );
    const byPage = new Map<number, BodyPart[]>();
    for (const p of shown) byPage.set(p.page, [...(byPage.get(p.page) ?? []), p] as BodyPart[]);
    return [...byPage.entries()].sort(([a], [b]) => a - b);
  }, [parts, page, filter]);
  const count = groups.reduce((n, [, rows]) => n + rows.length, 0);

  return (
    <section className="page carinfo-page">
      <header className="board-head">
        <h1>{T.carInfo.title}</h1>
        <p className="board-intro">{T.carInfo.intro}</p>
      </header>

      <div className="carinfo-tools">
        <div className="notice-tabs" role="group" aria-label={T.carInfo.pageSelect}>
          {[null, ...pages].map((p) => (
            <button
              key={p ?? 'all'}
              type="button"
              className={`notice-tab${page === p ? ' active' : ''}`}
              aria-pressed={page === p}
              onClick={() => setPage(p)}
            >
              {p === null ? T.carInfo.all : `${T.carInfo.pageLabel(p)} ${pageName(p)}`}
            </button>
          ))}
        </div>
        <div className="carinfo-filter">
          <label htmlFor="carinfo-filter">{T.carInfo.filter}</label>
          <input
            id="carinfo-filter"
            type="search"
            value={filter}
            maxLength={50}
            placeholder={T.carInfo.filterPlaceholder}
            onChange={(e) => setFilter(e.target.value)}
          />
          <span className="muted" aria-live="polite">
            {T.carInfo.count(count)}
          </span>
        </div>
      </div>

      {error && (
        <p className="notice-warn" role="alert">
          {error}
        </p>
      )}
      {!parts && !error && <Loading className="notice-loading" />}

      {parts && (
        <div className="table-scroll">
          <table className="board-table carinfo-table">
            <colgroup>
              <col className="col-no" />
              <col className="col-cn" />
              <col className="col-ko" />
              <col />
            </colgroup>
            <TableHead cells={Object.values(T.carInfo.cols)} />
            {groups.map(([p, rows]) => (
              <tbody key={p} aria-label={T.carInfo.pageLabel(p)}>
                <tr className="group-row">
                  <th colSpan={4} scope="colgroup">
                    {T.carInfo.pageLabel(p)} <span className="group-name">{pageName(p)}</span>{' '}
                    <span className="muted">({T.carInfo.count(rows.length)})</span>
                  </th>
                </tr>
                {rows.map((r, i) => (
                  <tr key={r.seq}>
                    <td className="num">
                      {p}-{i + 1}
                    </td>
                    <td lang="zh-CN" className="cn">
                      {r.nameCn}
                    </td>
                    <td className="ko">{r.nameKo}</td>
                    <td className="desc">{r.description}</td>
                  </tr>
                ))}
              </tbody>
            ))}
            {groups.length === 0 && (
              <tbody>
                <tr>
                  <td colSpan={4} className="empty-row">
                    {T.common.empty}
                  </td>
                </tr>
              </tbody>
            )}
          </table>
        </div>
      )}
    </section>
  );
}
