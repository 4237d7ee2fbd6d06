import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  COMPANY_LEVEL_NAMES,
  MEMBER_TYPE_MAIN,
  PAGE_SIZE,
  SHIPMENT_DELIVERED_DAYS,
  groupDigits,
  type NoticeRow,
  type ShipmentCounts,
} from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { date, won } from '../../shared/format';
import { pathFor } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { Empty, Loading, Pending } from '../../shared/ui/states';
import { NoticeHtml } from '../../shared/ui/NoticeHtml';
import { noticeListQuery, noticeQuery, queryFromParams } from '../notices';
import { shipmentCountsQuery } from './api';
import type { MenuPath } from './menu';
import { SectionHead } from './components/SectionHead';
import './management.css';

const M = T.management;
const P = M.profile;

/**
 * Basic info (docs/requirements.md#member-area): user banner, company level, cash, licence days, cart and purchase
 * counts, the company's orders in the three shipment states (each a link to the order list), and the latest 5
 * notices with a detail panel.
 */
export function ProfileSection({ linkTo, mobile }: { linkTo: (path: MenuPath) => string; mobile: boolean }) {
  const { userInfo, baseInfo } = useSession();
  const company = userInfo?.companyInfo ?? null;
  const main = userInfo?.type === MEMBER_TYPE_MAIN;
  const cash = baseInfo?.memberPoint ?? company?.point ?? 0;

  // The latest 5 notices (docs/requirements.md#member-area), each opening its detail below it.
  const list = useQuery(noticeListQuery(queryFromParams(new URLSearchParams()), PAGE_SIZE.profileNotices));
  const notices = list.data?.results ?? null;
  const [open, setOpen] = useState<number | null>(null);
  // 배송 현황: the company's own orders, read from the server (docs/requirements.md#member-area).
  const shipments = useQuery({ ...shipmentCountsQuery, enabled: userInfo !== null });

  if (!userInfo) return null;
  // Cash, licence, cart and purchases; charging and buying a licence are for main accounts.
  const figures = [
    { id: 'cash', label: P.cash, value: won(cash), link: main ? { to: linkTo('chargeCash'), label: P.charge } : null },
    {
      id: 'license',
      label: P.license,
      value: baseInfo ? P.licenseDays(baseInfo.memberLicense) : T.common.notYet,
      link: main ? { to: linkTo('buyLicense'), label: P.buyLicense } : null,
    },
    {
      id: 'carts',
      label: P.cart,
      value: P.count(baseInfo?.carts ?? 0),
      link: { to: pathFor('cart', mobile), label: T.topBar.cart },
    },
    {
      id: 'buys',
      label: P.buys,
      value: P.count(baseInfo?.buys ?? 0),
      link: { to: linkTo('orders'), label: M.menu.orders! },
    },
  ];
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
            <span className={`mg-type-badge${main ? ' main-account' : ''}`}>{main ? M.mainAccount : M.subAccount}</span>
          </p>
          <p className="mg-banner-id">{userInfo.id}</p>
        </div>
      </section>

      <dl className="mg-figures">
        {figures.map((f) => (
          <div key={f.id} className="mg-figure">
            <dt>{f.label}</dt>
            <dd data-testid={`profile-${f.id}`}>{f.value}</dd>
            {/* A <dl> group holds only dt and dd: the link is a second description. */}
            {f.link && (
              <dd className="mg-figure-more">
                <Link className="mg-figure-link" to={f.link.to}>
                  {f.link.label} ›
                </Link>
              </dd>
            )}
          </div>
        ))}
      </dl>

      <section className="mg-box" aria-labelledby="mg-shipments">
        <h3 id="mg-shipments">{P.shipments}</h3>
        {shipments.data ? (
          <ShipmentFigures counts={shipments.data} to={linkTo('orders')} />
        ) : (
          <Pending error={shipments.error} errorClassName="notice-warn" />
        )}
      </section>

      <section className="mg-box" aria-labelledby="mg-notices">
        <div className="mg-box-head">
          <h3 id="mg-notices">{P.notices}</h3>
          <Link to={pathFor('notice', mobile)} className="link-more">
            {P.noticeMore} ›
          </Link>
        </div>
        {notices === null ? (
          <Loading className="empty" text={T.common.loading} />
        ) : notices.length === 0 ? (
          <Empty>{list.error ? messageOf(list.error) : undefined}</Empty>
        ) : (
          <ul className="mg-notice-list">
            {notices.map((n) => (
              <ProfileNotice
                key={n.seq}
                notice={n}
                open={open === n.seq}
                onToggle={() => setOpen(open === n.seq ? null : n.seq)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** 배송대기, 배송중 and 배송완료 of the last days, each a link to the order list. */
function ShipmentFigures({ counts, to }: { counts: ShipmentCounts; to: string }) {
  const figures = [
    { id: 'awaiting', label: P.awaiting, n: counts.awaiting },
    { id: 'shipping', label: P.shipping, n: counts.shipping },
    { id: 'delivered', label: P.delivered(SHIPMENT_DELIVERED_DAYS), n: counts.delivered },
  ];
  return (
    <ol className="mg-shipments">
      {figures.map((f) => (
        <li key={f.id}>
          <Link to={to} className="mg-shipment-link" data-testid={`profile-${f.id}`}>
            <span>{f.label}</span>
            <b>{groupDigits(f.n)}</b>
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** A notice of the profile list; open, it reads and shows its content. */
function ProfileNotice({ notice, open, onToggle }: { notice: NoticeRow; open: boolean; onToggle: () => void }) {
  const detail = useQuery({ ...noticeQuery(notice.seq), enabled: open });
  return (
    <li className={open ? 'open' : undefined}>
      <button type="button" className="mg-notice-title" aria-expanded={open} onClick={onToggle}>
        <span>{notice.title}</span>
        <time dateTime={notice.created}>{date(notice.created)}</time>
      </button>
      {open && (
        <div className="mg-notice-detail" role="region" aria-label={notice.title}>
          {detail.error ? (
            <p className="notice-warn">{messageOf(detail.error)}</p>
          ) : !detail.data ? (
            <Loading className="empty" text={P.noticeLoading} />
          ) : (
            // The server sends sanitised HTML (docs/security.md#notice-html).
            <NoticeHtml html={detail.data.content} />
          )}
          <button type="button" className="btn btn-small" onClick={onToggle}>
            {P.noticeClose}
          </button>
        </div>
      )}
    </li>
  );
}
