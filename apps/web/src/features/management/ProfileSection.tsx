import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { COMPANY_LEVEL_NAMES, MEMBER_TYPE_MAIN, PAGE_SIZE, formatWon } from '@partsmall/contract';
import { post } from '../../shared/api';
import { seoulDate } from '../../shared/date';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import type { NoticeDetail, NoticeRow } from './api';
import type { MenuPath } from './menu';
import { SectionHead } from './parts';

const M = T.management;
const P = M.profile;

/**
 * Basic info (spec 2 §2 Profile): user banner, company level, cash, licence days, cart and purchase
 * counts, fixed zeros for the three shipment states, and the latest 5 notices with a detail panel.
 */
export function ProfileSection({ linkTo, mobile }: { linkTo: (path: MenuPath) => string; mobile: boolean }) {
  const { userInfo, baseInfo } = useSession();
  const company = userInfo?.companyInfo ?? null;
  const main = userInfo?.type === MEMBER_TYPE_MAIN;
  const cash = baseInfo?.memberPoint ?? company?.point ?? 0;
  const licenseDays = baseInfo?.memberLicense ?? 0;

  const [notices, setNotices] = useState<NoticeRow[] | null>(null);
  const [noticeError, setNoticeError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    post<NoticeRow[]>('api/getMallNotice', { searchKeyword: '', searchType: '', page: 1, size: PAGE_SIZE.profileNotices })
      .then((res) => {
        if (!live) return;
        setNotices(res.code === 200 ? (res.results ?? []) : []);
        setNoticeError(res.code === 200 ? null : res.message);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const [open, setOpen] = useState<{ seq: number; detail: NoticeDetail | null; error: string | null } | null>(null);
  const show = (seq: number) => {
    if (open?.seq === seq) {
      setOpen(null);
      return;
    }
    setOpen({ seq, detail: null, error: null });
    post<NoticeDetail>('api/getMallNotice', { seq })
      .then((res) =>
        setOpen((o) =>
          o?.seq === seq ? { seq, detail: res.code === 200 && res.results ? res.results : null, error: res.code === 200 ? null : res.message } : o,
        ),
      )
      .catch(() => undefined);
  };

  if (!userInfo) return null;
  return (
    <div className="mg-profile">
      <SectionHead title={M.menu.profile!} />
      <section className="mg-banner" aria-label={P.greeting(userInfo.name)}>
        <div className="mg-banner-who">
          <p className="mg-banner-hello">{P.greeting(userInfo.name)}</p>
          <p className="mg-banner-company">
            <b data-testid="profile-company">{company?.name ?? userInfo.companyName}</b>
            {company && (
              <span className={`level-badge level-${company.level}`} data-testid="profile-level">
                {COMPANY_LEVEL_NAMES[company.level]}
              </span>
            )}
            <span className={`mg-type-badge${main ? ' main' : ''}`}>{main ? M.mainAccount : M.subAccount}</span>
          </p>
          <p className="mg-banner-id">{userInfo.id}</p>
        </div>
      </section>

      <dl className="mg-figures">
        <div className="mg-figure">
          <dt>{P.cash}</dt>
          <dd data-testid="profile-cash">{formatWon(cash)}</dd>
          {main && (
            <Link className="mg-figure-link" to={linkTo('chargeCash')}>
              {P.charge} ›
            </Link>
          )}
        </div>
        <div className="mg-figure">
          <dt>{P.license}</dt>
          <dd data-testid="profile-license">{P.licenseDays(licenseDays)}</dd>
          {main && (
            <Link className="mg-figure-link" to={linkTo('buyLicense')}>
              {P.buyLicense} ›
            </Link>
          )}
        </div>
        <div className="mg-figure">
          <dt>{P.cart}</dt>
          <dd data-testid="profile-carts">{P.count(baseInfo?.carts ?? 0)}</dd>
          <Link className="mg-figure-link" to={mobile ? '/cartm' : '/cart'}>
            {T.topBar.cart} ›
          </Link>
        </div>
        <div className="mg-figure">
          <dt>{P.buys}</dt>
          <dd data-testid="profile-buys">{P.count(baseInfo?.buys ?? 0)}</dd>
          <Link className="mg-figure-link" to={linkTo('orders')}>
            {M.menu.orders} ›
          </Link>
        </div>
      </dl>

      <section className="mg-box" aria-labelledby="mg-shipments">
        <h3 id="mg-shipments">{P.shipments}</h3>
        <ol className="mg-shipments">
          {[P.awaiting, P.shipping, P.delivered].map((label) => (
            <li key={label}>
              <span>{label}</span>
              <b>0</b>
            </li>
          ))}
        </ol>
      </section>

      <section className="mg-box" aria-labelledby="mg-notices">
        <div className="mg-box-head">
          <h3 id="mg-notices">{P.notices}</h3>
          <Link to={mobile ? '/noticem' : '/notice'} className="link-more">
            {P.noticeMore} ›
          </Link>
        </div>
        {notices === null ? (
          <p className="empty">
            <span className="spinner" aria-hidden="true" /> {T.common.loading}
          </p>
        ) : notices.length === 0 ? (
          <p className="empty">{noticeError ?? T.common.empty}</p>
        ) : (
          <ul className="mg-notice-list">
            {notices.map((n) => (
              <li key={n.seq} className={open?.seq === n.seq ? 'open' : undefined}>
                <button type="button" className="mg-notice-title" aria-expanded={open?.seq === n.seq} onClick={() => show(n.seq)}>
                  <span>{n.title}</span>
                  <time dateTime={n.created}>{seoulDate(n.created)}</time>
                </button>
                {open?.seq === n.seq && (
                  <div className="mg-notice-detail" role="region" aria-label={n.title}>
                    {open.error ? (
                      <p className="notice-warn">{open.error}</p>
                    ) : !open.detail ? (
                      <p className="empty">
                        <span className="spinner" aria-hidden="true" /> {P.noticeLoading}
                      </p>
                    ) : (
                      // The server sends sanitised HTML (spec 1 §7).
                      <div className="notice-content" dangerouslySetInnerHTML={{ __html: open.detail.content }} />
                    )}
                    <button type="button" className="btn btn-small" onClick={() => setOpen(null)}>
                      {P.noticeClose}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
