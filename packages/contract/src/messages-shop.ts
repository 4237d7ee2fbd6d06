/** Korean messages of the public shop: products, notices, inquiry. */
export const MSG_SHOP = {
  badPage: '페이지 번호가 올바르지 않습니다.',
  badSize: '페이지 크기가 올바르지 않습니다.',
  badSeq: '상품 번호가 올바르지 않습니다.',
  keywordTooLong: '검색어는 200자 이내로 입력하세요.',
  pidRequired: '부품번호를 입력하세요.',
  noInfo: '검색된 정보가 없습니다.',
  productNotFound: '상품 정보를 찾을 수 없습니다.',
  noticeNotFound: '공지사항을 찾을 수 없습니다.',
  badNoticeSeq: '공지 번호가 올바르지 않습니다.',
  badNoticeType: '공지 종류가 올바르지 않습니다.',
  inquiryType: '문의 유형을 선택하세요.',
  inquiryPhone: '연락처는 숫자 10~11자리로 입력하세요.',
  inquiryContent: '문의 내용은 10자 이상 200자 이내로 입력하세요.',
  inquiryDone: '문의가 접수되었습니다. 빠르게 연락드리겠습니다.',
  inquiryTooMany: '문의를 너무 자주 보냈습니다. 잠시 후 다시 시도해 주세요.',
} as const;
