import { TIME_ZONE } from '@partsmall/contract';

const fmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(value: string | Date) {
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  return Object.fromEntries(fmt.formatToParts(at).map((p) => [p.type, p.value])) as Record<string, string>;
}

/** 'YYYY-MM-DD' in Asia/Seoul (tables and forms). */
export function seoulYmd(value: string | Date): string {
  const p = parts(value);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** 'YYYY.MM.DD HH:mm' in Asia/Seoul (messages). */
export function seoulDateTime(value: string | Date): string {
  const p = parts(value);
  return p ? `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}` : '';
}

/** The address on one line: '(04790) 서울특별시 … 3층 301호'. */
export function addressLine(o: { postNum: string; address: string; addrSub: string }): string {
  return [o.postNum ? `(${o.postNum})` : '', o.address, o.addrSub].filter(Boolean).join(' ');
}
