import { describe, expect, it } from 'vitest';
import { addressOf } from './postcode';

describe('the address line of a postcode pick', () => {
  it('takes the road address with the district and the building', () => {
    expect(
      addressOf({
        zonecode: '04782',
        roadAddress: '서울특별시 성동구 아차산로 113',
        userSelectedType: 'R',
        bname: '성수동2가',
        buildingName: '',
        apartment: 'N',
      }),
    ).toBe('서울특별시 성동구 아차산로 113 (성수동2가)');
    expect(
      addressOf({
        zonecode: '06236',
        roadAddress: '서울특별시 강남구 테헤란로 1',
        bname: '역삼동',
        buildingName: '파츠빌딩',
        apartment: 'N',
      }),
    ).toBe('서울특별시 강남구 테헤란로 1 (역삼동, 파츠빌딩)');
  });

  it('takes the lot address when the user picked it, and leaves out a district that is not 동, 로 or 가', () => {
    expect(
      addressOf({
        zonecode: '04782',
        roadAddress: '서울특별시 성동구 아차산로 113',
        jibunAddress: '서울특별시 성동구 성수동2가 277-44',
        userSelectedType: 'J',
      }),
    ).toBe('서울특별시 성동구 성수동2가 277-44');
    expect(addressOf({ zonecode: '12345', roadAddress: '경기도 가평군 청평면 강변로 1', bname: '청평면' })).toBe(
      '경기도 가평군 청평면 강변로 1',
    );
  });
});
