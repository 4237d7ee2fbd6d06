/**
 * Korean public holidays on which banks are closed (관공서의 공휴일에 관한 규정, 대체공휴일 and election
 * days included), as YYYY-MM-DD. A due date on one of them, or on a weekend, moves to the next
 * business day (docs/requirements.md#credit-terms). Lunar holidays move every year: the table is
 * extended each year with the government's announcement; a year missing here skips weekends only.
 * A year a line: its days (MM-DD), each with what it is in parentheses where the name is not obvious.
 */
const TABLE = `
2025: 01-01, 01-27 (임시공휴일), 01-28, 01-29, 01-30 (설날), 03-01, 03-03 (삼일절, 대체), 05-05 (어린이날, 부처님오신날), 05-06 (대체), 06-03 (대통령 선거), 06-06, 08-15, 10-03, 10-05, 10-06, 10-07 (추석), 10-08 (대체), 10-09, 12-25
2026: 01-01, 02-16, 02-17, 02-18 (설날), 03-01, 03-02 (삼일절, 대체), 05-05, 05-24, 05-25 (부처님오신날, 대체), 06-03 (지방선거), 06-06, 08-15, 08-17 (광복절, 대체), 09-24, 09-25, 09-26 (추석), 10-03, 10-05 (개천절, 대체), 10-09, 12-25
2027: 01-01, 02-05, 02-06, 02-07 (설날), 02-08 (대체), 03-01, 05-05, 05-13, 06-06, 08-15, 08-16 (광복절, 대체), 09-14, 09-15, 09-16 (추석), 10-03, 10-04 (개천절, 대체), 10-09, 10-11 (한글날, 대체), 12-25, 12-27 (성탄절, 대체)
2028: 01-01, 01-25, 01-26, 01-27 (설날), 03-01, 04-12 (국회의원 선거), 05-02, 05-05, 06-06, 08-15, 10-02, 10-03, 10-04 (추석, 개천절), 10-05 (대체), 10-09, 12-25
`;

export const KOREAN_HOLIDAYS: ReadonlySet<string> = new Set(
  TABLE.trim()
    .split('\n')
    .flatMap((line) => (line.match(/\b\d{2}-\d{2}\b/g) ?? []).map((day) => `${line.slice(0, 4)}-${day}`)),
);
