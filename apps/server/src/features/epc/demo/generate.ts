import { alphaNumber, EPC_TEST_VINS, type EpcCatalogueBrand, type ProductCategory } from '@partsmall/contract';
import {
  DEMO_CATALOGUE_MODELS,
  DEMO_KIND_CATEGORY,
  demoProductFacts,
  type DemoPartKind,
} from '../../../seed/products.js';
import { brandBadge, DIAGRAM_H, DIAGRAM_W, explodedView, groupIcon, type Shape } from './svg.js';
import { DEMO_WORDS } from './words.js';

/**
 * The demo catalogue (docs/requirements.md#catalogue-data): one catalogue per brand, written as import files
 * (docs/catalogue-format.md) and loaded through the importer like any other. Everything is
 * derived from fixed tables, so every machine gets the same files; OE numbers of the parts the
 * shop sells are the demo products' own (seed/products.ts), so price and stock appear beside them.
 * A row offers only products of its own kind of part made for the catalogue's own model (a
 * pad wear sensor row offered another model's oxygen sensor when rows were matched by category).
 */

/** The names of a vehicle's specs (its maindata rows before the production date), in their order. */
const SPEC_NAMES = ['Model', 'Engine', 'Transmission', 'Drive', 'Body', 'Paint'] as const;

interface VehicleDef {
  vin: string;
  model: string;
  date: string;
  options: string[];
  /** The values of SPEC_NAMES, in their order. */
  specs: readonly [model: string, engine: string, transmission: string, drive: string, body: string, paint: string];
}

interface CatalogueDef {
  mcid: string;
  brand: EpcCatalogueBrand;
  name: string;
  initials: string;
  color: string;
  /** The brand's option codes for the three features the demo applicability rules use. */
  codes: { sport: string; awd: string; led: string };
  vehicles: VehicleDef[];
  /** Invented OE number k of this brand (never one of the shop's products). */
  oe: (k: number) => string;
}

const pad = (n: number, len: number) => String(n).padStart(len, '0');
const testVin = (brand: EpcCatalogueBrand) => EPC_TEST_VINS.find((t) => t.brand === brand)!.vin;

export const DEMO_CATALOGUES: readonly CatalogueDef[] = [
  {
    mcid: 'DEMO-BENZ-W213',
    brand: 'benz',
    name: 'Mercedes-Benz E-Class (W213)',
    initials: 'MB',
    color: '#333f48',
    codes: { sport: 'P31', awd: '4MATIC', led: 'LED' },
    vehicles: [
      {
        vin: testVin('benz'),
        model: 'E 300 4MATIC (W213)',
        date: '2017-03-14',
        options: ['M274', 'PETROL', '4MATIC', 'P31'],
        specs: ['E 300 4MATIC', 'M274 DE20 LA', '9G-TRONIC 725.0', 'All-wheel drive', 'Sedan', '149 Polar white'],
      },
      {
        vin: 'WDDZF8KB4JA201937',
        model: 'E 220 d (W213)',
        date: '2018-08-22',
        options: ['OM654', 'DIESEL', 'LED'],
        specs: ['E 220 d', 'OM654 DE20 SCR', '9G-TRONIC 725.0', 'Rear-wheel drive', 'Sedan', '197 Obsidian black'],
      },
    ],
    oe: (k) => `N${pad(910_105_000_000 + k * 7919, 12)}`,
  },
  {
    mcid: 'DEMO-BMW-G20',
    brand: 'bmw',
    name: 'BMW 3 Series (G20)',
    initials: 'BMW',
    color: '#1c69d4',
    codes: { sport: 'S337', awd: 'XDRIVE', led: 'S552' },
    vehicles: [
      {
        vin: testVin('bmw'),
        model: '330i (G20)',
        date: '2019-02-11',
        options: ['B48', 'PETROL', 'S337'],
        specs: ['330i', 'B48B20O1', 'GA8HP50Z', 'Rear-wheel drive', 'Sedan', 'A96 Mineral white'],
      },
      {
        vin: 'WBA5R7C09LFH40213',
        model: '320d xDrive (G20)',
        date: '2020-06-30',
        options: ['B47', 'DIESEL', 'XDRIVE', 'S552'],
        specs: ['320d xDrive', 'B47D20O1', 'GA8HP51Z', 'All-wheel drive', 'Sedan', '475 Black sapphire'],
      },
    ],
    oe: (k) => `07${pad(119_900_000 + k * 613, 9)}`,
  },
  {
    mcid: 'DEMO-AUDI-C8',
    brand: 'audi',
    name: 'Audi A6 (C8)',
    initials: 'AUDI',
    color: '#bb0a30',
    codes: { sport: 'S-LINE', awd: 'QUATTRO', led: 'MATRIX' },
    vehicles: [
      {
        vin: testVin('audi'),
        model: 'A6 45 TFSI quattro (C8)',
        date: '2019-11-20',
        options: ['DLHA', 'PETROL', 'QUATTRO', 'MATRIX'],
        specs: ['A6 45 TFSI quattro', 'DLHA 2.0 TFSI', 'S tronic 0CK', 'All-wheel drive', 'Sedan', 'T9 Glacier white'],
      },
    ],
    oe: (k) => `N${pad(10_650_000 + k * 389, 8)}01`,
  },
  {
    mcid: 'DEMO-JAGUAR-X260',
    brand: 'jaguar',
    name: 'Jaguar XF (X260)',
    initials: 'JAG',
    color: '#0b3d2e',
    codes: { sport: 'R-SPORT', awd: 'AWD', led: 'LED' },
    vehicles: [
      {
        vin: 'SAJBA4BN9HCY61842',
        model: 'XF 20d R-Sport (X260)',
        date: '2017-05-09',
        options: ['204DTD', 'DIESEL', 'R-SPORT'],
        specs: ['XF 20d R-Sport', '204DTD Ingenium 2.0', 'ZF 8HP45', 'Rear-wheel drive', 'Sedan', '1AA Fuji white'],
      },
    ],
    oe: (k) => `T4N${pad(30_000 + k * 37, 5)}`,
  },
  {
    mcid: 'DEMO-LR-L405',
    brand: 'land_rover',
    name: 'Range Rover (L405)',
    initials: 'LR',
    color: '#005a2b',
    codes: { sport: 'HSE', awd: 'AWD', led: 'LED' },
    vehicles: [
      {
        vin: 'SALGA2BE1JA379126',
        model: 'Range Rover 3.0 SDV6 HSE (L405)',
        date: '2018-02-15',
        options: ['306DT', 'DIESEL', 'AWD', 'HSE', 'LED'],
        specs: [
          'Range Rover 3.0 SDV6 HSE',
          '306DT 3.0 V6',
          'ZF 8HP70',
          'All-wheel drive',
          'SUV',
          '867 Santorini black',
        ],
      },
    ],
    oe: (k) => `LR${pad(190_000 + k * 53, 6)}`,
  },
  {
    mcid: 'DEMO-MASERATI-M157',
    brand: 'maserati',
    name: 'Maserati Ghibli (M157)',
    initials: 'MSR',
    color: '#0c2340',
    codes: { sport: 'GRANSPORT', awd: 'Q4', led: 'LED' },
    vehicles: [
      {
        vin: 'ZAMXS57C3J1273415',
        model: 'Ghibli S Q4 GranSport (M157)',
        date: '2018-07-03',
        options: ['M156', 'PETROL', 'Q4', 'GRANSPORT'],
        specs: ['Ghibli S Q4 GranSport', 'M156 3.0 V6 BiTurbo', 'ZF 8HP70', 'All-wheel drive', 'Sedan', 'Blu Passione'],
      },
    ],
    oe: (k) => `${pad(673_000_000 + k * 211, 9)}`,
  },
];

/** [label, shape, the kind of the shop's products it is]. */
type PartDef = readonly [label: string, shape: Shape, kind?: DemoPartKind];

interface LeafDef {
  key: string;
  label: string;
  parts: readonly PartDef[];
  /** Applicability of the whole group, by feature. */
  fit?: { all?: Feature[]; none?: Feature[] };
}
type Feature = 'sport' | 'awd' | 'led';

interface SubDef {
  key: string;
  label: string;
  parts?: readonly PartDef[];
  children?: readonly LeafDef[];
}

interface MainDef {
  num: string;
  label: string;
  icon: Shape;
  subs: readonly SubDef[];
}

const HARDWARE: readonly PartDef[] = [
  ['Bolt', 'bolt'],
  ['Washer', 'washer'],
  ['Nut', 'nut'],
  ['O-ring', 'ring'],
  ['Bracket', 'bracket'],
  ['Hose clamp', 'clamp'],
];

export const DEMO_GROUPS: readonly MainDef[] = [
  {
    num: '11',
    label: 'Engine',
    icon: 'housing',
    subs: [
      {
        key: '10',
        label: 'Engine lubrication',
        children: [
          {
            key: '11',
            label: 'Oil filter',
            parts: [
              ['Oil filter housing', 'housing'],
              ['Oil filter element', 'filter', 'oil-filter'],
              ['Seal ring', 'ring'],
              ['Cover', 'cap'],
              ['Screw plug', 'bolt'],
              ['Oil pressure switch', 'sensor'],
              ['Gasket', 'gasket'],
              ['Oil cooler', 'radiator'],
            ],
          },
          {
            key: '12',
            label: 'Oil pan',
            parts: [
              ['Oil pan', 'pan'],
              ['Oil pan gasket', 'gasket'],
              ['Oil drain plug', 'bolt'],
              ['Seal ring', 'ring'],
              ['Oil level sensor', 'sensor'],
              ['Oil dipstick', 'rod'],
              ['Guide tube', 'hose'],
            ],
          },
        ],
      },
      {
        key: '20',
        label: 'Air intake',
        parts: [
          ['Air filter element', 'filter', 'air-filter'],
          ['Air filter housing', 'housing'],
          ['Intake hose', 'hose'],
          ['Intake air temperature sensor', 'sensor'],
          ['Resonator', 'tank'],
          ['Rubber mount', 'mount'],
          ['Intake manifold gasket', 'gasket'],
          ['Air mass meter', 'sensor'],
        ],
      },
    ],
  },
  {
    num: '17',
    label: 'Cooling system',
    icon: 'pump',
    subs: [
      {
        key: '10',
        label: 'Water pump and thermostat',
        children: [
          {
            key: '11',
            label: 'Water pump',
            parts: [
              ['Water pump', 'pump', 'water-pump'],
              ['Gasket', 'gasket'],
              ['Pulley', 'wheel'],
              ['Coolant hose', 'hose'],
              ['Drive belt', 'belt'],
              ['Belt tensioner', 'wheel'],
              ['Seal ring', 'ring'],
            ],
          },
          {
            key: '12',
            label: 'Thermostat',
            parts: [
              ['Thermostat', 'housing', 'thermostat'],
              ['Seal ring', 'ring'],
              ['Coolant temperature sensor', 'sensor'],
              ['Coolant hose', 'hose'],
              ['Connector', 'box'],
              ['Bleed screw', 'bolt'],
              ['Gasket', 'gasket'],
            ],
          },
        ],
      },
      {
        key: '20',
        label: 'Radiator',
        parts: [
          ['Radiator', 'radiator', 'radiator'],
          ['Expansion tank', 'tank', 'coolant-tank'],
          ['Expansion tank cap', 'cap'],
          ['Upper radiator hose', 'hose'],
          ['Lower radiator hose', 'hose'],
          ['Rubber mount', 'mount'],
          ['Fan shroud', 'housing'],
          ['Electric fan', 'pump'],
        ],
      },
    ],
  },
  {
    num: '24',
    label: 'Transmission',
    icon: 'pan',
    subs: [
      {
        key: '10',
        label: 'Automatic transmission',
        children: [
          {
            key: '11',
            label: 'Transmission oil pan',
            parts: [
              ['Transmission oil pan', 'pan', 'transmission-oil-pan'],
              ['Gasket', 'gasket'],
              ['Transmission oil filter', 'filter'],
              ['Oil drain plug', 'bolt'],
              ['Adapter sleeve', 'ring'],
              ['Automatic transmission fluid', 'can'],
              ['Magnet', 'box'],
            ],
          },
          {
            key: '12',
            label: 'Transfer case',
            fit: { all: ['awd'] },
            parts: [
              ['Transfer case', 'housing'],
              ['Actuator', 'sensor'],
              ['Shaft seal', 'ring'],
              ['Output flange', 'disc'],
              ['Vent hose', 'hose'],
              ['Gasket', 'gasket'],
              ['Screw plug', 'bolt'],
            ],
          },
        ],
      },
      {
        key: '20',
        label: 'Transmission mounting',
        parts: [
          ['Transmission mount', 'mount', 'transmission-mount'],
          ['Cross member', 'bracket'],
          ['Heat shield', 'plate'],
          ['Collar screw', 'bolt'],
          ['Stop buffer', 'mount'],
          ['Rubber mount', 'mount'],
          ['Cover plate', 'plate'],
        ],
      },
    ],
  },
  {
    num: '31',
    label: 'Front axle',
    icon: 'arm',
    subs: [
      {
        key: '10',
        label: 'Front suspension',
        children: [
          {
            key: '11',
            label: 'Front shock absorber',
            parts: [
              ['Shock absorber front', 'shock', 'front-shock'],
              ['Coil spring', 'spring'],
              ['Top mount', 'mount'],
              ['Dust boot', 'boot'],
              ['Bump stop', 'mount'],
              ['Spring pad', 'ring'],
              ['Stabilizer link', 'rod'],
            ],
          },
          {
            key: '12',
            label: 'Control arm',
            parts: [
              ['Lower control arm', 'arm', 'front-lower-arm'],
              ['Upper control arm', 'arm', 'front-upper-arm'],
              ['Ball joint', 'ball'],
              ['Rubber bushing', 'ring'],
              ['Stabilizer bar', 'rod'],
              ['Stabilizer bushing', 'ring'],
              ['Tie rod end', 'ball'],
            ],
          },
        ],
      },
      {
        key: '20',
        label: 'Steering',
        parts: [
          ['Steering rack', 'rack'],
          ['Tie rod', 'rod'],
          ['Tie rod end', 'ball'],
          ['Steering boot', 'boot'],
          ['Clamp', 'clamp'],
          ['Steering column', 'rod'],
          ['Universal joint', 'ball'],
          ['Power steering line', 'hose'],
        ],
      },
    ],
  },
  {
    num: '33',
    label: 'Rear axle',
    icon: 'shock',
    subs: [
      {
        key: '10',
        label: 'Rear suspension',
        children: [
          {
            key: '11',
            label: 'Rear shock absorber',
            parts: [
              ['Shock absorber rear', 'shock', 'rear-shock'],
              ['Coil spring', 'spring'],
              ['Top mount', 'mount'],
              ['Dust boot', 'boot'],
              ['Bump stop', 'mount'],
              ['Spring pad', 'ring'],
              ['Protective cap', 'cap'],
            ],
          },
          {
            key: '12',
            label: 'Rear axle carrier',
            parts: [
              ['Rear axle carrier', 'bracket'],
              ['Wishbone', 'arm'],
              ['Trailing arm', 'arm'],
              ['Rubber bushing', 'ring'],
              ['Wheel carrier', 'housing'],
              ['Wheel bearing', 'ring'],
              ['Toe link', 'rod'],
            ],
          },
        ],
      },
      {
        key: '20',
        label: 'Rear differential',
        parts: [
          ['Rear differential', 'housing'],
          ['Shaft seal', 'ring'],
          ['Drive shaft', 'rod'],
          ['Differential mount', 'mount'],
          ['Filler plug', 'bolt'],
          ['Vent valve', 'cap'],
          ['Gasket', 'gasket'],
        ],
      },
    ],
  },
  {
    num: '34',
    label: 'Brakes',
    icon: 'disc',
    subs: [
      {
        key: '10',
        label: 'Front wheel brake',
        children: [
          {
            key: '11',
            label: 'Front brake pads',
            parts: [
              ['Brake pad set front', 'pad', 'front-brake-pads'],
              ['Brake pad wear sensor', 'sensor', 'pad-wear-sensor'],
              ['Brake caliper', 'caliper'],
              ['Caliper carrier', 'bracket'],
              ['Guide pin', 'bolt'],
              ['Anti-rattle spring', 'spring'],
              ['Bleeder valve', 'bolt'],
              ['Dust cap', 'cap'],
              ['Brake hose', 'hose'],
            ],
          },
          {
            key: '12',
            label: 'Front brake disc',
            parts: [
              ['Brake disc front', 'disc', 'front-brake-disc'],
              ['Splash guard', 'plate'],
              ['Wheel hub', 'wheel'],
              ['Wheel bearing', 'ring'],
              ['Wheel bolt', 'bolt'],
              ['Countersunk screw', 'bolt'],
              ['Cover plate', 'plate'],
            ],
          },
        ],
      },
      {
        key: '20',
        label: 'Rear wheel brake',
        parts: [
          ['Brake pad set rear', 'pad', 'rear-brake-pads'],
          ['Brake disc rear', 'disc', 'rear-brake-disc'],
          ['Brake caliper', 'caliper'],
          ['Parking brake actuator', 'sensor'],
          ['Brake pad wear sensor', 'sensor', 'pad-wear-sensor'],
          ['Guide pin', 'bolt'],
          ['Brake hose', 'hose'],
          ['Splash guard', 'plate'],
        ],
      },
      {
        key: '30',
        label: 'ABS sensors',
        parts: [
          ['Wheel speed sensor front', 'sensor', 'wheel-speed-sensor'],
          ['Wheel speed sensor rear', 'sensor', 'wheel-speed-sensor'],
          ['ABS control unit', 'box'],
          ['Brake line', 'hose'],
          ['Cable holder', 'clamp'],
          ['Grommet', 'ring'],
          ['Connector', 'box'],
        ],
      },
    ],
  },
  {
    num: '63',
    label: 'Lighting',
    icon: 'lamp',
    subs: [
      {
        key: '10',
        label: 'Headlight',
        children: [
          {
            key: '11',
            label: 'Headlight LED',
            fit: { all: ['led'] },
            parts: [
              ['LED headlight left', 'lamp', 'led-headlight-left'],
              ['LED headlight right', 'lamp', 'led-headlight-right'],
              ['LED control unit', 'box'],
              ['Headlight bracket', 'bracket'],
              ['Cover cap', 'cap'],
              ['Adjusting screw', 'bolt'],
              ['Connector', 'box'],
            ],
          },
          {
            key: '12',
            label: 'Headlight halogen',
            fit: { none: ['led'] },
            parts: [
              ['Halogen headlight left', 'lamp'],
              ['Halogen headlight right', 'lamp'],
              ['Bulb H7', 'bulb'],
              ['Bulb W5W', 'bulb'],
              ['Cover cap', 'cap'],
              ['Headlight bracket', 'bracket'],
              ['Adjusting screw', 'bolt'],
            ],
          },
        ],
      },
      {
        key: '20',
        label: 'Tail light',
        parts: [
          ['Tail light outer', 'lamp', 'tail-light-outer'],
          ['Tail light inner', 'lamp'],
          ['Bulb holder', 'cap'],
          ['Gasket', 'gasket'],
          ['Connector', 'box'],
          ['Trim panel', 'plate'],
        ],
      },
    ],
  },
  {
    num: '64',
    label: 'Heating and air conditioning',
    icon: 'radiator',
    subs: [
      {
        key: '10',
        label: 'Air conditioning',
        children: [
          {
            key: '11',
            label: 'Condenser',
            parts: [
              ['Condenser', 'radiator', 'condenser'],
              ['Receiver drier', 'tank'],
              ['Refrigerant line', 'hose'],
              ['Pressure sensor', 'sensor'],
              ['Rubber mount', 'mount'],
              ['Service valve', 'cap'],
            ],
          },
          {
            key: '12',
            label: 'Cabin filter',
            parts: [
              ['Cabin filter', 'filter', 'cabin-filter'],
              ['Filter housing', 'housing'],
              ['Cover', 'cap'],
              ['Clip', 'clamp'],
              ['Evaporator', 'radiator'],
              ['Expansion valve', 'box'],
              ['Blower motor', 'pump'],
            ],
          },
        ],
      },
      {
        key: '20',
        label: 'Heater',
        parts: [
          ['Heater core', 'radiator'],
          ['Blower motor', 'pump'],
          ['Blower resistor', 'box'],
          ['Heater hose', 'hose'],
          ['Air duct', 'hose'],
          ['Temperature sensor', 'sensor'],
          ['Clip', 'clamp'],
        ],
      },
    ],
  },
  {
    num: '51',
    label: 'Body',
    icon: 'grille',
    subs: [
      {
        key: '10',
        label: 'Front bumper',
        parts: [
          ['Bumper cover', 'plate'],
          ['Bumper reinforcement', 'bracket'],
          ['Impact absorber', 'box'],
          ['Lower grille', 'grille'],
          ['Fog light', 'lamp'],
          ['Parking sensor', 'sensor'],
          ['Clip', 'clamp'],
        ],
      },
      {
        key: '20',
        label: 'Radiator grille',
        parts: [
          ['Radiator grille', 'grille'],
          ['Emblem', 'disc'],
          ['Grille frame', 'bracket'],
          ['Air flap', 'plate'],
          ['Front camera', 'sensor'],
          ['Clip', 'clamp'],
        ],
      },
    ],
  },
];

const STANDARD_LABEL: Record<ProductCategory, string> = {
  filter: 'Filter',
  shock: 'Shock absorber',
  cooling: 'Cooling part',
  gear: 'Transmission part',
  light: 'Lamp',
  pad: 'Brake pads',
  disc: 'Brake disc',
  condenser: 'A/C condenser',
  sensor: 'Sensor',
  radiator: 'Radiator',
  arm: 'Suspension arm',
};

/** Parts made by an early production run are replaced from this date (date-split demo parts). */
const CHANGE_DATE = '2018-06-01';

type Json = Record<string, unknown>;
const jsonl = (rows: Json[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

/** A vehicle's row of vehicles.jsonl: its specs by name, then its production date, market and options. */
const vehicleRow = (v: VehicleDef): Json => ({
  vin: v.vin,
  model_name: v.model,
  production_date: v.date,
  options: v.options,
  maindata: [
    ...SPEC_NAMES.map((name, i) => [name, v.specs[i]!]),
    ['Production date', v.date],
    ['Market', 'Korea'],
    ['Options', v.options.join(' ')],
  ],
});

/** OE numbers of the shop's demo products by brand, model and kind of part, in product order. */
function productNumbers(): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const p of demoProductFacts(330)) {
    const key = `${p.brand}:${p.model}:${p.kind}`;
    byKey.set(key, [...(byKey.get(key) ?? []), p.row.pid]);
  }
  return byKey;
}

/**
 * The part numbers of one catalogue: the shop's products of a kind made for the catalogue's model,
 * and invented numbers of the brand that are none of the shop's.
 */
function demoPartNumbers(def: CatalogueDef, products: Map<string, string[]>) {
  const taken = new Set<string>([...products.values()].flat().map(alphaNumber));
  const model = DEMO_CATALOGUE_MODELS[def.brand]!;
  let counter = 0;
  const invented = () => {
    for (;;) {
      const pid = def.oe(++counter);
      if (!taken.has(alphaNumber(pid))) {
        taken.add(alphaNumber(pid));
        return pid;
      }
    }
  };
  const used = new Map<string, number>();
  /** The next shop product of this kind made for the catalogue's model, cycling; none if the shop has none. */
  const productPid = (kind: DemoPartKind): string | null => {
    const list = products.get(`${def.brand}:${model}:${kind}`) ?? [];
    if (list.length === 0) return null;
    const n = used.get(kind) ?? 0;
    used.set(kind, n + 1);
    return list[n % list.length]!;
  };
  /** A variant row's number: another product of the kind if the shop has one, else an invented number. */
  const variantPid = (kind: DemoPartKind | undefined, mainPid: string): string => {
    const next = kind && productPid(kind);
    return next && next !== mainPid ? next : invented();
  };
  return { invented, productPid, variantPid };
}

/** One catalogue as it is generated: its files so far and the rows of its tables. */
interface DemoCatalogue {
  def: CatalogueDef;
  numbers: ReturnType<typeof demoPartNumbers>;
  files: Record<string, string>;
  mains: Json[];
  nodes: Json[];
  diagrams: Json[];
  hotspots: Json[];
  parts: Json[];
  replacements: Json[];
  /** Leaf groups generated so far: a leaf's number picks its kind of variant and its drawing. */
  leafNo: number;
  /** Whether the supersession chain has been placed (on the first group with a sold part). */
  chainDone: boolean;
}

type Drawn = { key: string; shape: Shape };

const optionCodes = (def: CatalogueDef, features: Feature[] | undefined) => (features ?? []).map((f) => def.codes[f]);

/** The import files of one demo catalogue, by path (docs/catalogue-format.md). */
export function demoCatalogueFiles(def: CatalogueDef, products = productNumbers()): Record<string, string> {
  const cat: DemoCatalogue = {
    def,
    numbers: demoPartNumbers(def, products),
    files: {},
    mains: [],
    nodes: [],
    diagrams: [],
    hotspots: [],
    parts: [],
    replacements: [],
    leafNo: 0,
    chainDone: false,
  };
  const files = cat.files;
  files['catalogue.jsonl'] = jsonl([{ mcid: def.mcid, brand: def.brand, name: def.name, img: 'images/logo.svg' }]);
  files['images/logo.svg'] = brandBadge(def.initials, def.color);
  files['vehicles.jsonl'] = jsonl(def.vehicles.map(vehicleRow));
  files['words.jsonl'] = jsonl(DEMO_WORDS.map(([en, ko, zh, vi]) => ({ term: en, zh, ko, en, vi })));

  for (const main of DEMO_GROUPS) mainGroup(cat, main);
  linkRefmids(cat.parts);

  files['main_groups.jsonl'] = jsonl(cat.mains);
  files['nodes.jsonl'] = jsonl(cat.nodes);
  files['diagrams.jsonl'] = jsonl(cat.diagrams);
  files['hotspots.jsonl'] = jsonl(cat.hotspots);
  files['parts.jsonl'] = jsonl(cat.parts);
  files['replacements.jsonl'] = jsonl(cat.replacements);
  return files;
}

/** A main group with its icon, and its sub-groups: a leaf with a drawing, or a parent of leaves. */
function mainGroup(cat: DemoCatalogue, main: MainDef): void {
  const { def, files, nodes } = cat;
  cat.mains.push({ num: main.num, label: main.label, img: `images/group-${main.num}.svg` });
  files[`images/group-${main.num}.svg`] = groupIcon(main.icon, def.color);
  for (const sub of main.subs) {
    const subMid = `${main.num}_${sub.key}`;
    if (sub.children) {
      // No description: 'Engine / Engine lubrication' only repeated the path, and in English, since
      // the word list translates whole terms (docs/catalogue-format.md#words).
      nodes.push({ mid: subMid, num: main.num, label: sub.label });
      for (const child of sub.children) {
        const mid = `${main.num}_${sub.key}_${child.key}`;
        const diagram = leafGroup(cat, mid, child.parts);
        nodes.push({
          mid,
          num: main.num,
          parent: subMid,
          label: child.label,
          diagram,
          img: `images/${diagram}.svg`,
          ...(child.fit?.all ? { fit_all: optionCodes(def, child.fit.all) } : {}),
          ...(child.fit?.none ? { fit_none: optionCodes(def, child.fit.none) } : {}),
        });
      }
    } else {
      const diagram = leafGroup(cat, subMid, sub.parts ?? []);
      nodes.push({ mid: subMid, num: main.num, label: sub.label, diagram, img: `images/${diagram}.svg` });
    }
  }
}

/** A group with a drawing: its parts, the drawing and its hotspots, and the replacements it carries. Answers the diagram. */
function leafGroup(cat: DemoCatalogue, mid: string, partDefs: readonly PartDef[]): string {
  const diagram = `D${mid}`;
  const index = cat.leafNo++;
  // Each part of the group, then hardware up to 11 callouts (a drawing has at least 10 hotspots).
  const all = [...partDefs, ...HARDWARE.filter(([label]) => !partDefs.some(([l]) => l === label))].slice(
    0,
    Math.max(11, partDefs.length),
  );
  // The variants (and the replacement numbers below) go on the first part the shop sells, if any.
  const sold = Math.max(
    0,
    all.findIndex(([, , kind]) => kind !== undefined),
  );
  const drawn: Drawn[] = [];
  const rows: Json[] = [];
  all.forEach(([label, shapeKind, kind], i) => {
    const pnum = String(i + 1);
    drawn.push({ key: pnum, shape: shapeKind });
    const qty = shapeKind === 'bolt' || shapeKind === 'washer' || shapeKind === 'nut' ? String(2 + (i % 3) * 2) : '1';
    const base = { diagram, pnum, itid: `${mid}-${pnum}`, label, quantity: qty };
    const pid = (kind && cat.numbers.productPid(kind)) ?? cat.numbers.invented();
    const standard = kind ? STANDARD_LABEL[DEMO_KIND_CATEGORY[kind]] : '';
    if (i === sold) rows.push(...variantRows(cat, index, kind, { ...base, pid, standard_label: standard }));
    else rows.push({ ...base, pid, standard_label: standard });
  });
  drawLeaf(cat, diagram, index, drawn);
  leafReplacements(
    cat,
    index,
    rows.find((r) => r.pnum === String(sold + 1))!,
    all[sold]?.[2],
  );
  cat.parts.push(...rows);
  return diagram;
}

/**
 * The group's sold part as two rows, the leaf's number choosing how they differ: the sport package,
 * a production change, or petrol and diesel engines.
 */
function variantRows(
  cat: DemoCatalogue,
  index: number,
  kind: DemoPartKind | undefined,
  main: Json & { itid: string; pid: string },
): Json[] {
  const { def, numbers } = cat;
  if (index % 3 === 0) {
    // Sport package: a different part for cars with the sport code, and one for the others.
    const standard = { ...main, model: 'Standard', fit_none: optionCodes(def, ['sport']) };
    return [
      standard,
      {
        ...main,
        itid: `${main.itid}S`,
        pid: numbers.variantPid(kind, main.pid),
        model: def.codes.sport,
        fit_all: optionCodes(def, ['sport']),
      },
    ];
  }
  if (index % 3 === 1) {
    // Production change: the early part until the change date, a new number after it.
    const early = { ...main, remark: `~ ${CHANGE_DATE}`, fit_to: '2018-05-31' };
    return [
      early,
      {
        ...main,
        itid: `${main.itid}N`,
        pid: numbers.variantPid(kind, main.pid),
        remark: `${CHANGE_DATE} ~`,
        fit_from: CHANGE_DATE,
      },
    ];
  }
  // Engine variants: petrol and diesel cars take different numbers.
  const petrol = { ...main, model: 'Petrol', fit_all: ['PETROL'] };
  return [
    petrol,
    { ...main, itid: `${main.itid}D`, pid: numbers.variantPid(kind, main.pid), model: 'Diesel', fit_all: ['DIESEL'] },
  ];
}
/** The group's drawing and its hotspots. */
function drawLeaf(cat: DemoCatalogue, diagram: string, index: number, drawn: Drawn[]): void {
  // Bolts are drawn twice, as in real drawings: the second callout repeats its number.
  const bolt = drawn.find((d) => d.shape === 'bolt');
  if (bolt) drawn.push({ ...bolt });
  const drawing = explodedView(drawn, index * 13 + cat.def.mcid.length);
  cat.files[`images/${diagram}.svg`] = drawing.svg;
  cat.diagrams.push({
    diagram,
    image: `images/${diagram}.svg`,
    max_x: DIAGRAM_W,
    max_y: DIAGRAM_H,
    hotspot_w: 34,
    hotspot_h: 34,
  });
  for (const h of drawing.hotspots) cat.hotspots.push({ diagram, key: h.key, x: h.x, y: h.y });
}

/** The replacements a group's sold part (its first row `main`, of kind `soldKind`) carries. */
function leafReplacements(cat: DemoCatalogue, index: number, main: Json, soldKind: DemoPartKind | undefined): void {
  const { numbers, replacements } = cat;
  // The first group carries the supersession chain of three numbers: its sold part replaced
  // two older ones (oldest -> middle -> current).
  if (!cat.chainDone && soldKind) {
    const current = main.pid as string;
    const oldest = numbers.invented();
    const middle = numbers.invented();
    replacements.push({ pid: oldest, to: middle, kind: 'supersedes', remark: '2016-09' });
    replacements.push({ pid: middle, to: current, kind: 'supersedes', remark: '2017-11' });
    main.stitute_status = '1';
    cat.chainDone = true;
  }
  // Interchangeable numbers: another product of the shop fits where the group's first part does.
  if (index === 4 && soldKind) {
    const a = main.pid as string;
    const b = numbers.productPid(soldKind);
    if (b && alphaNumber(b) !== alphaNumber(a)) {
      replacements.push({ pid: a, to: b, kind: 'interchangeable' });
      main.stitute_status = '1';
    }
  }
}

/** refmid: where else the first part of a group appears (the same OE number in another drawing). */
function linkRefmids(parts: Json[]): void {
  const byPid = new Map<string, Json[]>();
  for (const p of parts) byPid.set(p.pid as string, [...(byPid.get(p.pid as string) ?? []), p]);
  for (const same of byPid.values()) {
    if (same.length < 2) continue;
    for (const p of same) {
      const others = same
        .filter((o) => o.diagram !== p.diagram)
        .map((o) => `${(o.diagram as string).slice(1)},${o.pnum}`);
      if (others.length) p.refmid = [...new Set(others)].slice(0, 5);
    }
  }
}

/** Every demo catalogue's files. */
export function allDemoCatalogueFiles(): { mcid: string; files: Record<string, string> }[] {
  const products = productNumbers();
  return DEMO_CATALOGUES.map((def) => ({ mcid: def.mcid, files: demoCatalogueFiles(def, products) }));
}
