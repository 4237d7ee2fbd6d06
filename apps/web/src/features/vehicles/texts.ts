import { fitVehicleLabel, withParticle, type FitVehicle } from '@partsmall/contract';

/** The words of my vehicles (docs/requirements.md#my-vehicles). */
export const V = {
  title: '내 차량',
  intro:
    '부품 카탈로그에서 조회한 차대번호가 회사의 차량으로 모입니다. 이름을 붙이면 상품과 장바구니에 그 이름으로 표시됩니다.',
  fits: '내 차량 적합',
  fitsLine: (fits: readonly FitVehicle[]) => fits.map(fitVehicleLabel).join(', '),
  filter: '내 차량에 맞는 부품',
  filterAll: '전체 상품',
  cols: { vehicle: '차량', vin: '차대번호', name: '이름', lastOpened: '최근 조회', manage: '관리' },
  rename: '이름 변경',
  renameTitle: '차량 이름',
  nameLabel: '이름 (30자 이내, 비우면 카탈로그 이름)',
  remove: '삭제',
  removeTitle: '내 차량 삭제',
  removeConfirm: (label: string) =>
    `${withParticle(label, '을/를')} 내 차량 목록에서 삭제할까요? 카탈로그에서 다시 조회하면 목록에 다시 나타납니다.`,
  removing: '삭제 중...',
  empty: '카탈로그에서 차대번호를 조회하면 여기에 차량이 모입니다.',
} as const;
