import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TRACKING_STATUS_LABELS } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { dateTime } from '../../../shared/format';
import { Loading } from '../../../shared/ui/states';
import { orderTrackingQuery } from '../api';
import { TO } from '../texts';
import './tracking.css';

const t = TO.tracking;

/**
 * The shipment of a shipped order as the buyer reads it (docs/requirements.md#shipping-and-tracking):
 * carrier, waybill, a link to the carrier's own page, 배송완료 with its time, and the parcel's
 * events, newest first.
 */
export function TrackingPanel({ seq, compact = false }: { seq: number; compact?: boolean }) {
  const query = useQuery(orderTrackingQuery(seq));
  const tr = query.data;
  if (query.error && !tr) return <p className="field-error">{messageOf(query.error)}</p>;
  if (!tr) return <Loading className="trk-loading" />;
  const events = [...tr.events].reverse();
  return (
    <section className={compact ? 'trk trk-compact' : 'trk'} aria-label={t.title} data-testid="order-tracking">
      <div className="trk-head">
        <span>
          <span className="muted">{t.carrier}</span> <b>{tr.carrierName}</b>
        </span>
        {tr.waybill && (
          <span>
            <span className="muted">{t.waybill}</span> <b className="mono">{tr.waybill}</b>
          </span>
        )}
        {tr.link && (
          <a className="btn btn-small" href={tr.link} target="_blank" rel="noopener noreferrer">
            {t.link}
          </a>
        )}
        {tr.deliveredAt && (
          <span className="trk-delivered" data-testid="delivered-at">
            {t.delivered(dateTime(tr.deliveredAt))}
          </span>
        )}
      </div>
      {tr.tracked ? (
        events.length > 0 ? (
          <ol className="trk-events">
            {events.map((e, i) => (
              <li key={`${e.time ?? ''}-${i}`} className={i === 0 ? 'trk-event trk-now' : 'trk-event'}>
                <span className="trk-time">{e.time ? dateTime(e.time) : t.none}</span>
                <span className="trk-status">{TRACKING_STATUS_LABELS[e.status]}</span>
                <span className="trk-where">{e.location}</span>
                {e.description && <span className="trk-desc">{e.description}</span>}
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted trk-empty">{t.noEvents}</p>
        )
      ) : (
        !tr.link && <p className="muted trk-empty">{t.untracked}</p>
      )}
    </section>
  );
}

/** The phone list's way to it: one button per shipped order, the panel read only when opened. */
export function TrackingToggle({ seq }: { seq: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-block" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {open ? t.close : t.title}
      </button>
      {open && <TrackingPanel seq={seq} compact />}
    </>
  );
}
