/**
 * Seed of the name-search synonym table staff edit (issue 22): words of the Korean car-parts trade
 * that mean the same thing, one group per line. Brand names in Korean and Latin letters, workshop
 * slang from Japanese and English loan words (쇼바, 미미, 데루등, 마후라) and the catalogues' terms.
 * Terms compare in their compact form (see `compactName`), so case and spaces do not matter.
 */
export const PART_SYNONYM_SEED: readonly (readonly string[])[] = [
  // Makes
  ['벤츠', '메르세데스', '메르세데스벤츠', 'Mercedes', 'Mercedes-Benz', 'MB'],
  ['비엠더블유', '비엠', 'BMW'],
  ['폭스바겐', '폭바', 'VW', 'Volkswagen'],
  ['아우디', 'Audi'],
  ['포르쉐', 'Porsche'],
  ['미니', 'MINI'],
  ['볼보', 'Volvo'],
  ['랜드로버', 'Land Rover', 'Landrover'],
  ['재규어', 'Jaguar'],
  ['렉서스', 'Lexus'],
  ['토요타', '도요타', 'Toyota'],
  // Running gear and brakes
  ['쇼바', '쇼크업소버', '쇽업소버', '쇼크앱소버', '댐퍼'],
  ['로어암', '로워암', '로아암', '하부암', '컨트롤암'],
  ['스테빌라이저링크', '스태빌라이저링크', '스테빌링크', '활대링크'],
  ['타이로드엔드', '타이로드앤드', '타이롯드엔드'],
  ['등속조인트', '등속', 'CV조인트'],
  ['허브베어링', '휠베어링'],
  ['캘리퍼', '캘리퍼스', '켈리퍼'],
  ['브레이크디스크', '디스크로터', '로터'],
  ['프로펠러샤프트', '추진축', '뻬라샤프트'],
  // Engine and transmission
  ['미션', '변속기', '트랜스미션'],
  ['미션오일', '변속기오일', 'ATF'],
  ['엔진마운트', '미미'],
  ['다이나모', '알터네이터', '발전기'],
  ['세루모터', '스타터', '스타트모터', '시동모터'],
  ['타이밍벨트', '캠벨트'],
  ['점화플러그', '스파크플러그'],
  ['이그니션코일', '점화코일'],
  ['가스켓', '개스킷', '가스킷'],
  ['오링', 'O링'],
  ['인젝터', '인젝타', '연료분사기'],
  ['텐셔너', '오토텐셔너', '벨트텐셔너'],
  ['산소센서', 'O2센서', '람다센서'],
  // Cooling and air conditioning
  ['라디에이터', '라디에타', '라지에다', '라지에타'],
  ['써모스탯', '서모스탯', '써모스타트', '온도조절기'],
  ['워터펌프', '물펌프'],
  ['냉각수', '부동액', '쿨런트'],
  ['에어컨필터', '캐빈필터', '실내필터', '항균필터'],
  ['에어필터', '에어크리너', '에어클리너'],
  ['콤프레샤', '컴프레서', '에어컨컴프레서'],
  ['에바', '에바포레이터', '증발기'],
  // Body, lamps, electrics, exhaust
  ['밧데리', '배터리'],
  ['휀다', '휀더', '펜더'],
  ['본네트', '보닛', '후드'],
  ['범바', '범퍼'],
  ['백미러', '사이드미러', '아웃사이드미러'],
  ['헤드램프', '헤드라이트', '전조등'],
  ['테일램프', '후미등', '데루등'],
  ['깜빡이', '방향지시등', '윙카'],
  ['마후라', '머플러', '소음기'],
];
