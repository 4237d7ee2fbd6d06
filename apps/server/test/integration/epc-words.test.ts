import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { seedEpcDemo } from '../../src/features/epc/demo/seed.js';
import { importCatalogue } from '../../src/features/epc/import/index.js';
import * as service from '../../src/features/epc/service.js';
import { withCatalogueDatabase } from '../catalogue-helpers.js';

/**
 * Every text of a catalogue a buyer reads comes in the buyer's language through the word list
 * (docs/catalogue-format.md#words): the variant column of the parts table and the groups' own
 * `model` showed 'Diesel' on the Korean screen.
 */
const VIN = 'WBA5R9C05MFG20011';

let db: Db;
let uploadDir: string;

withCatalogueDatabase('epc-words', async (database, folder) => {
  [db, uploadDir] = [database, folder];
  const made = await importCatalogue(db, {
    'catalogue.jsonl': '{"mcid": "WORDS", "brand": "bmw", "name": "Words"}\n',
    'vehicles.jsonl': `{"vin": "${VIN}", "model_name": "BMW 320d"}\n`,
    'words.jsonl': [
      '{"term": "Engine", "ko": "엔진", "en": "Engine"}',
      '{"term": "Oil filter", "ko": "오일 필터", "en": "Oil filter"}',
      '{"term": "Oil filter element", "ko": "오일 필터 엘리먼트", "en": "Oil filter element"}',
      '{"term": "Diesel", "ko": "디젤", "zh": "柴油", "en": "Diesel"}',
      '{"term": "Petrol", "ko": "가솔린", "en": "Petrol"}',
      '{"term": "Diesel engines only", "ko": "디젤 엔진 전용", "en": "Diesel engines only"}',
      '',
    ].join('\n'),
    'main_groups.jsonl': '{"num": "11", "label": "Engine"}\n',
    'nodes.jsonl':
      '{"mid": "11_10", "num": "11", "label": "Oil filter", "description": "Diesel engines only", "model": "Diesel", "diagram": "D1"}\n',
    'diagrams.jsonl': '{"diagram": "D1", "image": "https://img.example.kr/d1.png", "max_x": 100, "max_y": 100}\n',
    'parts.jsonl': [
      '{"diagram": "D1", "pnum": "1", "pid": "11 42 8 575 211", "label": "Oil filter element", "model": "Petrol"}',
      '{"diagram": "D1", "pnum": "1", "pid": "11 42 8 507 683", "label": "Oil filter element", "model": "Diesel"}',
      '{"diagram": "D1", "pnum": "2", "pid": "11 42 8 507 684", "label": "Oil filter element", "model": "B47 only"}',
      '',
    ].join('\n'),
  });
  expect(made.problems).toEqual([]);
  await seedEpcDemo(db, { uploadDir });
});

describe('the catalogue answers in the buyer language', () => {
  it('translates the variant column of the parts table; a model the word list lacks stays as written', async () => {
    const models = async (lang?: 'KR' | 'CN' | 'EN') =>
      (await service.diagramParts(db, { vin: VIN, mcid: 'WORDS', mid: '11_10', lang })).part_detail.map((p) => p.model);
    expect(await models()).toEqual(['가솔린', '디젤', 'B47 only']);
    expect(await models('CN')).toEqual(['Petrol', '柴油', 'B47 only']);
    expect(await models('EN')).toEqual(['Petrol', 'Diesel', 'B47 only']);
  });

  it('translates the model and description of a sub group', async () => {
    const { nodes } = await service.structure(db, { vin: VIN, mcid: 'WORDS', num: '11' });
    expect(nodes.map((n) => [n.name, n.description, n.model])).toEqual([['오일 필터', '디젤 엔진 전용', '디젤']]);
  });

  it('demo: the Korean parts table and sub groups show no English', async () => {
    const [vin, mcid] = ['WDDZF8KB4JA201937', 'DEMO-BENZ-W213'];
    const parts = await service.diagramParts(db, { vin, mcid, mid: '11_20' });
    expect(parts.part_detail.map((p) => p.model).filter(Boolean)).toEqual(['가솔린', '디젤']);
    const { nodes } = await service.structure(db, { vin, mcid, num: '11' });
    expect(nodes.map((n) => [n.name, n.description])).toEqual([
      ['엔진 윤활', ''],
      ['흡기 장치', ''],
    ]);
  });
});
