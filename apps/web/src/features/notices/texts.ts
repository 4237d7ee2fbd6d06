import { groupDigits } from '@partsmall/contract';

/** What the notice board shows beside the shared texts (Korean). */
export const TN = {
  /** A page past the last: an old link or a typed address, not a search that found nothing. */
  pastEnd: (page: number, last: number, searched: boolean) =>
    `${groupDigits(page)}페이지는 없습니다. ${searched ? '검색 결과는' : '공지사항은'} ${groupDigits(last)}페이지까지 있습니다.`,
  firstPage: '첫 페이지로',
};
