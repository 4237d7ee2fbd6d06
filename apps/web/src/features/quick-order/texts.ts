import { QUICK_ORDER_MAX_QTY, groupDigits } from '@partsmall/contract';

/** Korean texts of the quick order screen (docs/requirements.md#quick-order). */
export const QT = {
  title: '빠른주문',
  lead: '견적서나 엑셀에서 품번, 수량, 메모를 복사해 붙여넣거나 .xlsx / .csv / .pdf 파일을 올리세요. 순번·품명·단가·금액이 함께 있어도 됩니다. 한 번에 500줄까지 확인합니다.',
  paste: '품번 목록 붙여넣기',
  pasteHint: '한 줄에 품번, 수량, 메모 (탭·쉼표·공백으로 구분). 예: A2371291199 2 앞 패드',
  check: '품번 확인',
  checking: '확인 중…',
  file: '파일 올리기 (.xlsx, .csv, .pdf)',
  results: '확인 결과',
  /** The results table's name: its box, while wider than the window, is a region of this name. */
  resultTable: '확인 결과 표',
  columnsRead: '읽은 열 (틀리면 고르세요)',
  column: (n: number) => `${n}열`,
  line: '줄',
  input: '입력',
  product: '상품',
  warehouse: '창고',
  price: '단가',
  stock: '재고',
  qty: '수량',
  memo: '메모',
  jobRef: '작업번호·차량번호',
  include: '담기',
  choosePlaceholder: '상품을 고르세요',
  putAll: '모두 장바구니에 담기',
  putting: '담는 중…',
  nothingToPut: '장바구니에 담을 줄을 고르세요.',
  /** The pasted text changed after the table was made from it: its new lines are not in the table. */
  textChanged: '표를 만든 뒤 붙여넣은 내용이 바뀌었습니다. 바뀐 줄은 표에 없으니 품번 확인을 다시 눌러 주세요.',
  /** Why a ticked line cannot go to the cart, said under its quantity (docs/requirements.md#quick-order). */
  why: {
    noProduct: '상품을 고르세요.',
    soldOut: '품절이라 담을 수 없습니다.',
    underOne: '수량을 1개 이상 입력하세요.',
    overStock: (stock: number) => `재고가 ${groupDigits(stock)}개라 ${groupDigits(stock)}개까지 담을 수 있습니다.`,
    overMax: `한 줄에 ${groupDigits(QUICK_ORDER_MAX_QTY)}개까지 담을 수 있습니다.`,
  },
  /** A workbook's rows hidden or filtered out: not read (docs/requirements.md#quick-order). */
  hiddenRows: (n: number) => `숨기거나 필터로 가린 행 ${groupDigits(n)}개는 읽지 않았습니다.`,
  blocked: (n: number) => `체크한 줄 중 ${groupDigits(n)}줄은 담을 수 없습니다. 줄마다 이유를 확인하세요.`,
  /** After the other lines went to the cart: the ticked lines that could not stay in the table. */
  leftInTable: (n: number) => `담지 못한 ${groupDigits(n)}줄은 표에 남겨 두었습니다.`,
  toCart: '장바구니로 이동',
  ask: '채팅으로 문의',
  status: {
    exact: '일치',
    replaced: '대체품번',
    interchangeable: '호환품번',
    choose: '선택 필요',
    short: '재고 부족',
    soldOut: '품절',
    unknown: '찾지 못함',
    invalid: '입력 오류',
  },
  /** `merged`: the lines merged into others (the same product), which are not rows of their own. */
  summary: (n: number, ready: number, merged = 0) =>
    merged > 0
      ? `${groupDigits(n + merged)}줄 중 같은 상품 ${groupDigits(merged)}줄을 합쳐 ${groupDigits(n)}줄이 되었고, ${groupDigits(ready)}줄을 담을 수 있습니다.`
      : `${groupDigits(n)}줄 중 ${groupDigits(ready)}줄을 담을 수 있습니다.`,
  /**
   * Under a row other lines were merged into: which, the quantity they make together, and what the
   * stock (`byStock`) or one cart line's limit then let through (docs/requirements.md#quick-order).
   */
  merged: (line: number, from: readonly number[], qty: number | null, orderQty: number, byStock = true) => {
    const said = `${from.map((n) => `${groupDigits(n)}줄`).join(', ')}은 이 줄(${groupDigits(line)}줄)과 같은 상품이라 합쳤습니다.`;
    if (qty === null) return said;
    if (orderQty <= 0 || orderQty >= qty) return `${said} 합친 수량 ${groupDigits(qty)}개.`;
    return `${said} 합친 수량 ${groupDigits(qty)}개 중 ${byStock ? '재고 ' : ''}${groupDigits(orderQty)}개만 담습니다.`;
  },
} as const;

/** '다시 담기' on an order (docs/requirements.md#reorder). */
export const RT = {
  button: '다시 담기',
  busy: '담는 중…',
  label: (seq: number) => `주문 ${seq} 다시 담기`,
  line: (name: string, message: string) => `· ${name}: ${message}`,
} as const;
