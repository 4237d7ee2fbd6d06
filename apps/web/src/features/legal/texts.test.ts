import { describe, expect, it } from 'vitest';
import { privacyDocument, shopFacts } from './texts';

/** The privacy page names every processor the shop hands data to and every item it keeps (docs/requirements.md#retention). */
describe('개인정보 처리방침', () => {
  const doc = privacyDocument(shopFacts(null));
  const table = (title: string) => doc.articles.find((a) => a.title === title)?.table ?? [];

  it('lists the 알림톡, e-tax invoice and tracking processors beside texts, payments and carriers', () => {
    expect(table('5. 개인정보 처리의 위탁').map((r) => r[0])).toEqual([
      '수탁 업체',
      '문자·알림톡 발송 대행사 (솔라피)',
      '전자세금계산서 발행 대행사 (팝빌)',
      '전자결제 대행사(PG) (토스페이먼츠)',
      '배송 조회 서비스 (tracker.delivery)',
      '택배·화물 운송사',
    ]);
  });

  it('lists 업태·종목, 작업번호, VINs and depositor names among the collected items', () => {
    const items = new Map(table('1. 수집하는 개인정보 항목').map((r) => [r[0], r[1]]));
    expect(items.get('회사 정보 등록')).toContain('업태·종목, 세금계산서 수신 메일');
    expect(items.get('주문 및 배송')).toContain('작업번호·차량번호(차대번호 포함), 품목별 메모');
    expect(items.get('차량 조회')).toBe('조회한 차대번호(VIN)와 조회 일시, 등록한 내 차량의 차대번호와 이름');
    expect(items.get('알림 설정')).toBe('알림톡·문자를 받을 휴대폰 번호, 받을 알림의 종류');
    expect(items.get('외상 거래')).toBe('입금자명, 입금액과 입금 일시, 업체에 연결해 둔 입금자명');
  });

  it('destroys the depositor names taught for a company when its main account withdraws', () => {
    const kept = doc.articles.find((a) => a.title === '3. 보유 및 이용 기간')?.paragraphs ?? [];
    const atOnce = kept.find((p) => p.startsWith('탈퇴하는 즉시 파기하는 정보'));
    expect(atOnce).toContain('메일 주소와 업체에 연결해 둔 입금자명(주계정 탈퇴 시)');
  });
});
