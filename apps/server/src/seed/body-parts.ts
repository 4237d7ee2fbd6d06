import type { Db } from '../db/client.js';
import { bodyParts } from '../db/schema.js';

/**
 * Body-part reference terms for /carInfo: the Simplified Chinese name used in Chinese parts
 * catalogues, the Korean name a Korean body shop uses, and a one-line description, by page:
 * 1 front exterior, 2 side, doors and roof, 3 rear, 4 underbody and body structure,
 * 5 interior trim, 6 glass, lamps and mirrors.
 */
export const BODY_PARTS: { page: number; nameCn: string; nameKo: string; description: string }[] = [
  // 1 front exterior
  { page: 1, nameCn: '前保险杠', nameKo: '프론트 범퍼', description: '차량 앞쪽 충격을 흡수하는 외장 패널' },
  { page: 1, nameCn: '发动机罩', nameKo: '후드 (본넷)', description: '엔진룸을 덮는 개폐식 패널' },
  { page: 1, nameCn: '前翼子板', nameKo: '프론트 펜더 (앞 휀다)', description: '앞바퀴 위를 덮는 측면 패널' },
  {
    page: 1,
    nameCn: '前保险杠防撞梁',
    nameKo: '프론트 범퍼 레일 (범퍼 빔)',
    description: '범퍼 커버 안쪽에서 충돌 하중을 받는 철재·알루미늄 보강재',
  },
  {
    page: 1,
    nameCn: '前保险杠吸能块',
    nameKo: '프론트 범퍼 흡수재 (스티로폼)',
    description: '범퍼 커버와 빔 사이에서 충격을 흡수하는 발포 소재',
  },
  {
    page: 1,
    nameCn: '中网',
    nameKo: '라디에이터 그릴',
    description: '범퍼 위쪽 공기 흡입구를 덮는 그릴, 엠블럼이 붙는 부분',
  },
  { page: 1, nameCn: '前保险杠下格栅', nameKo: '범퍼 로어 그릴', description: '범퍼 하단 공기 흡입구를 막는 그릴' },
  {
    page: 1,
    nameCn: '雾灯饰框',
    nameKo: '안개등 커버 (포그 커버)',
    description: '범퍼의 안개등 자리를 감싸는 장식 커버',
  },
  {
    page: 1,
    nameCn: '前保险杠支架',
    nameKo: '범퍼 사이드 브래킷',
    description: '범퍼 양 끝을 펜더에 고정하는 플라스틱 브래킷',
  },
  { page: 1, nameCn: '前牌照架', nameKo: '앞 번호판 브래킷', description: '앞 범퍼에 번호판을 고정하는 받침' },
  { page: 1, nameCn: '发动机罩铰链', nameKo: '후드 힌지', description: '후드를 차체에 연결해 여닫게 하는 경첩' },
  { page: 1, nameCn: '发动机罩锁', nameKo: '후드 래치 (후드 락)', description: '닫힌 후드를 잠가 두는 잠금 장치' },
  {
    page: 1,
    nameCn: '散热器框架',
    nameKo: '라디에이터 서포트 (코어 서포트)',
    description: '라디에이터·헤드램프·후드 래치가 붙는 앞쪽 골격',
  },
  { page: 1, nameCn: '前拖车钩盖', nameKo: '견인고리 커버 (앞)', description: '범퍼의 견인고리 구멍을 막는 작은 캡' },
  {
    page: 1,
    nameCn: '大灯清洗喷嘴盖',
    nameKo: '헤드램프 워셔 커버',
    description: '범퍼에 들어간 헤드램프 세척 노즐의 덮개',
  },
  { page: 1, nameCn: '前保险杠饰条', nameKo: '프론트 범퍼 몰딩', description: '범퍼 표면에 붙는 크롬·블랙 장식 몰딩' },

  // 2 side, doors and roof
  { page: 2, nameCn: '前车门', nameKo: '프론트 도어 (앞문)', description: '운전석·조수석 문짝 어셈블리' },
  { page: 2, nameCn: '后车门', nameKo: '리어 도어 (뒷문)', description: '뒷좌석 승하차용 문짝 어셈블리' },
  {
    page: 2,
    nameCn: '车门外板',
    nameKo: '도어 스킨 (아웃 패널)',
    description: '문짝 바깥쪽 철판, 판금·교환 시 단품으로 씀',
  },
  { page: 2, nameCn: '车门防撞梁', nameKo: '도어 임팩트 빔', description: '측면 충돌에 대비해 문짝 안에 넣은 보강 빔' },
  { page: 2, nameCn: '车门铰链', nameKo: '도어 힌지', description: '문짝을 필러에 연결하는 상·하 경첩' },
  { page: 2, nameCn: '车门限位器', nameKo: '도어 체커', description: '문이 열리는 각도를 단계별로 잡아 주는 부품' },
  { page: 2, nameCn: '车门外拉手', nameKo: '아웃사이드 핸들 (외캐치)', description: '문 바깥쪽 손잡이' },
  {
    page: 2,
    nameCn: '门锁总成',
    nameKo: '도어 래치 (도어 락 액추에이터)',
    description: '문을 잠그고 여는 래치와 모터 어셈블리',
  },
  {
    page: 2,
    nameCn: '车门密封条',
    nameKo: '도어 웨더스트립 (고무몰딩)',
    description: '문 둘레에서 물·소음을 막는 고무 실',
  },
  { page: 2, nameCn: '车门饰条', nameKo: '도어 사이드 몰딩', description: '문짝 바깥 면에 붙는 보호·장식 몰딩' },
  {
    page: 2,
    nameCn: '侧裙',
    nameKo: '사이드 스커트 (사이드 실 몰딩)',
    description: '앞뒤 바퀴 사이 하단을 덮는 외장 커버',
  },
  { page: 2, nameCn: 'A柱', nameKo: 'A필러', description: '앞유리 양옆에서 지붕을 받치는 기둥' },
  { page: 2, nameCn: 'B柱', nameKo: 'B필러 (센터 필러)', description: '앞문과 뒷문 사이에서 지붕을 받치는 기둥' },
  { page: 2, nameCn: '侧围外板', nameKo: '사이드 아웃터 패널', description: '필러와 쿼터까지 이어진 측면 외판 한 장' },
  { page: 2, nameCn: '车顶', nameKo: '루프 패널', description: '차량 지붕을 이루는 외판' },
  { page: 2, nameCn: '天窗玻璃', nameKo: '선루프 글라스', description: '지붕에 달린 개폐식 유리' },
  { page: 2, nameCn: '车顶行李架', nameKo: '루프랙', description: '지붕 위 짐을 싣는 가로·세로 바' },
  { page: 2, nameCn: '油箱盖', nameKo: '주유구 도어 (주유구 커버)', description: '연료 주입구를 덮는 작은 문' },

  // 3 rear
  { page: 3, nameCn: '后保险杠', nameKo: '리어 범퍼', description: '차량 뒤쪽 충격을 흡수하는 외장 패널' },
  { page: 3, nameCn: '后保险杠防撞梁', nameKo: '리어 범퍼 레일 (범퍼 빔)', description: '뒤 범퍼 안쪽의 충돌 보강재' },
  {
    page: 3,
    nameCn: '后翼子板',
    nameKo: '리어 쿼터 패널 (뒤 휀다)',
    description: '뒷바퀴 위 차체와 일체인 측면 외판, 절단 교환',
  },
  { page: 3, nameCn: '行李箱盖', nameKo: '트렁크 리드', description: '세단 뒤쪽 짐칸을 덮는 개폐식 패널' },
  { page: 3, nameCn: '尾门', nameKo: '테일게이트 (해치 도어)', description: 'SUV·해치백의 뒷문 어셈블리' },
  { page: 3, nameCn: '后围板', nameKo: '백 패널 (리어 엔드 패널)', description: '트렁크 입구 아래 차체 뒷면 판넬' },
  { page: 3, nameCn: '行李箱盖铰链', nameKo: '트렁크 힌지', description: '트렁크 리드를 차체에 연결하는 경첩' },
  {
    page: 3,
    nameCn: '尾门撑杆',
    nameKo: '테일게이트 쇼바 (가스 리프터)',
    description: '뒷문이나 트렁크를 열린 상태로 받쳐 주는 가스 스프링',
  },
  { page: 3, nameCn: '后扰流板', nameKo: '리어 스포일러', description: '트렁크·테일게이트 끝에 붙는 공력 날개' },
  { page: 3, nameCn: '后扩散器', nameKo: '리어 디퓨저', description: '뒤 범퍼 하단의 공기 흐름 정리 커버' },
  { page: 3, nameCn: '排气尾喉', nameKo: '머플러 팁 (배기 팁)', description: '배기관 끝에 끼우는 장식 팁' },
  {
    page: 3,
    nameCn: '后牌照板',
    nameKo: '번호판 가니쉬 (트렁크 가니쉬)',
    description: '뒤 번호판 위를 가로지르는 장식 판',
  },
  { page: 3, nameCn: '行李箱锁', nameKo: '트렁크 래치', description: '트렁크 리드를 잠그는 잠금 장치' },

  // 4 underbody and body structure
  {
    page: 4,
    nameCn: '前纵梁',
    nameKo: '프론트 사이드 멤버 (앞 프레임)',
    description: '엔진룸 양옆을 앞뒤로 지나는 주 골격',
  },
  {
    page: 4,
    nameCn: '后纵梁',
    nameKo: '리어 사이드 멤버 (뒤 프레임)',
    description: '트렁크 바닥 양옆을 지나는 주 골격',
  },
  {
    page: 4,
    nameCn: '前副车架',
    nameKo: '프론트 서브프레임 (크로스 멤버)',
    description: '엔진·서스펜션 암이 붙는 앞쪽 보조 프레임',
  },
  { page: 4, nameCn: '后副车架', nameKo: '리어 서브프레임', description: '뒤 서스펜션·디퍼런셜을 받치는 보조 프레임' },
  { page: 4, nameCn: '前围板', nameKo: '대시 패널 (격벽)', description: '엔진룸과 실내를 나누는 철판' },
  { page: 4, nameCn: '前地板', nameKo: '프론트 플로어 패널', description: '앞좌석 아래 바닥 철판' },
  {
    page: 4,
    nameCn: '后地板',
    nameKo: '리어 플로어 (스페어타이어 하우징)',
    description: '트렁크 바닥과 스페어타이어 자리 철판',
  },
  { page: 4, nameCn: '门槛梁', nameKo: '사이드 실 (로커 패널)', description: '문 아래를 앞뒤로 지나는 상자형 골격' },
  {
    page: 4,
    nameCn: '减震器座',
    nameKo: '쇼바 타워 (스트럿 하우징)',
    description: '쇼크업소버 윗부분이 고정되는 차체 돔',
  },
  { page: 4, nameCn: '前轮罩内板', nameKo: '휠 하우스 에이프런', description: '앞바퀴 안쪽 공간을 이루는 차체 판넬' },
  {
    page: 4,
    nameCn: '前轮罩衬板',
    nameKo: '휀다 라이너 (휠하우스 커버)',
    description: '바퀴 흙·물이 튀는 것을 막는 플라스틱 안감',
  },
  { page: 4, nameCn: '发动机下护板', nameKo: '엔진 언더커버', description: '엔진 아래를 막는 하부 보호 커버' },
  {
    page: 4,
    nameCn: '底盘护板',
    nameKo: '언더 커버 (바닥 커버)',
    description: '차체 바닥 공기 흐름을 정리하고 보호하는 커버',
  },
  {
    page: 4,
    nameCn: '散热器下横梁',
    nameKo: '라디에이터 로어 멤버',
    description: '라디에이터 아래를 가로지르는 지지 부재',
  },
  { page: 4, nameCn: '挡泥板', nameKo: '머드가드 (흙받이)', description: '바퀴 뒤에 달아 흙이 튀는 것을 막는 판' },

  // 5 interior trim
  {
    page: 5,
    nameCn: '仪表台',
    nameKo: '크래쉬 패드 (대시보드)',
    description: '운전석 앞 계기판과 송풍구가 들어가는 내장 패널',
  },
  { page: 5, nameCn: '中控台', nameKo: '센터 콘솔', description: '앞좌석 사이 변속 레버와 수납함이 있는 내장품' },
  { page: 5, nameCn: '车门内饰板', nameKo: '도어 트림', description: '문짝 안쪽을 덮는 내장 판넬' },
  { page: 5, nameCn: '顶棚', nameKo: '헤드라이닝 (천장 내장재)', description: '실내 천장을 덮는 천·폼 소재 내장재' },
  { page: 5, nameCn: 'A柱饰板', nameKo: 'A필러 트림', description: '실내 쪽 A필러를 덮는 플라스틱 커버' },
  { page: 5, nameCn: 'B柱饰板', nameKo: 'B필러 트림', description: '실내 쪽 B필러를 덮는 상·하 커버' },
  {
    page: 5,
    nameCn: '门槛饰条',
    nameKo: '스커프 플레이트 (도어 실 플레이트)',
    description: '문 아래 턱을 덮는 발판 커버',
  },
  { page: 5, nameCn: '遮阳板', nameKo: '썬바이저', description: '앞유리 위에서 햇빛을 가리는 가리개' },
  { page: 5, nameCn: '手套箱', nameKo: '글로브 박스', description: '조수석 앞 수납함' },
  { page: 5, nameCn: '扶手箱', nameKo: '콘솔 암레스트', description: '센터 콘솔 위 팔걸이 겸 수납함' },
  { page: 5, nameCn: '换挡面板', nameKo: '기어 패널 (시프트 패널)', description: '변속 레버 둘레를 덮는 장식 패널' },
  { page: 5, nameCn: '车门内拉手', nameKo: '인사이드 핸들 (내캐치)', description: '문 안쪽 여는 손잡이' },
  { page: 5, nameCn: '空调出风口', nameKo: '에어벤트 (송풍구)', description: '에어컨·히터 바람이 나오는 그릴' },
  {
    page: 5,
    nameCn: '行李箱饰板',
    nameKo: '러기지 트림 (트렁크 내장재)',
    description: '트렁크 옆면과 바닥을 덮는 내장 판넬',
  },
  { page: 5, nameCn: '地毯', nameKo: '바닥 카펫 (플로어 카펫)', description: '실내 바닥 철판을 덮는 카펫' },

  // 6 glass, lamps and mirrors
  {
    page: 6,
    nameCn: '前挡风玻璃',
    nameKo: '앞유리 (윈드실드)',
    description: '운전석 앞 접합 유리, 센서 브래킷 유무 확인',
  },
  { page: 6, nameCn: '后挡风玻璃', nameKo: '뒷유리 (리어 글라스)', description: '열선이 들어간 뒤쪽 강화 유리' },
  { page: 6, nameCn: '车门玻璃', nameKo: '도어 글라스', description: '문짝에서 오르내리는 유리' },
  {
    page: 6,
    nameCn: '三角窗玻璃',
    nameKo: '쿼터 글라스 (삼각 유리)',
    description: '문이나 쿼터 패널에 고정된 작은 유리',
  },
  {
    page: 6,
    nameCn: '玻璃升降器',
    nameKo: '윈도우 레귤레이터',
    description: '도어 유리를 올리고 내리는 장치 (모터 포함 여부 확인)',
  },
  { page: 6, nameCn: '前大灯', nameKo: '헤드램프 (전조등)', description: '앞 조명 어셈블리, 할로겐·HID·LED 사양 구분' },
  { page: 6, nameCn: '尾灯', nameKo: '테일램프 (후미등)', description: '뒤 조명 어셈블리, 바깥·안쪽(트렁크) 구분' },
  { page: 6, nameCn: '雾灯', nameKo: '안개등 (포그램프)', description: '범퍼 하단의 보조 조명' },
  { page: 6, nameCn: '日间行车灯', nameKo: '주간주행등 (DRL)', description: '낮에 켜지는 앞쪽 표시등' },
  {
    page: 6,
    nameCn: '高位刹车灯',
    nameKo: '보조 제동등 (하이마운트 스톱램프)',
    description: '뒷유리 위나 스포일러의 브레이크등',
  },
  { page: 6, nameCn: '侧转向灯', nameKo: '사이드 리피터 (방향지시등)', description: '펜더나 사이드 미러의 방향지시등' },
  { page: 6, nameCn: '牌照灯', nameKo: '번호판등', description: '뒤 번호판을 비추는 작은 조명' },
  {
    page: 6,
    nameCn: '外后视镜',
    nameKo: '사이드 미러 (아웃사이드 미러)',
    description: '문짝에 달린 후사경 어셈블리, 접이·열선 사양 구분',
  },
  {
    page: 6,
    nameCn: '后视镜镜片',
    nameKo: '사이드 미러 알 (미러 글라스)',
    description: '사이드 미러의 거울만 따로 교환하는 부품',
  },
  {
    page: 6,
    nameCn: '后视镜外壳',
    nameKo: '사이드 미러 커버',
    description: '사이드 미러 바깥 덮개, 도장용·도장품 구분',
  },
  {
    page: 6,
    nameCn: '车内后视镜',
    nameKo: '룸미러 (인사이드 미러)',
    description: '실내 앞유리에 붙는 후사경, ECM 사양 확인',
  },
  { page: 6, nameCn: '雨刮臂', nameKo: '와이퍼 암', description: '와이퍼 블레이드를 잡고 움직이는 팔' },
  { page: 6, nameCn: '雨刮片', nameKo: '와이퍼 블레이드', description: '유리를 닦는 고무 날, 길이·체결 방식 확인' },
];

export async function seedBodyParts(db: Db): Promise<void> {
  const existing = await db.select({ id: bodyParts.id }).from(bodyParts).limit(1);
  if (existing.length > 0) return;
  await db.insert(bodyParts).values(BODY_PARTS);
}
