import { describe, expect, it } from 'vitest';
import { decodeVin } from './epc.js';

/** A checked 17-character VIN that starts with `start` (the rest only fills it out). */
const vinStarting = (start: string) => `${start}${'1'.repeat(17 - start.length)}`;

describe('VIN decoding: makers', () => {
  it.each([
    // A maker of several WMIs, each of them; the last one of a group; makers without a catalogue here.
    ['WDB', 'Mercedes-Benz', 'benz'],
    ['W1K', 'Mercedes-Benz', 'benz'],
    ['W1V', 'Mercedes-Benz (밴)', 'benz'],
    ['55S', 'Mercedes-Benz (미국 생산)', 'benz'],
    ['WBS', 'BMW M', 'bmw'],
    ['5YM', 'BMW M (미국 생산 SAV)', 'bmw'],
    ['WMW', 'MINI', null],
    ['TRU', 'Audi (헝가리 생산)', 'audi'],
    ['SAD', 'Jaguar (SUV)', 'jaguar'],
    ['SAL', 'Land Rover', 'land_rover'],
    ['ZN6', 'Maserati (SUV)', 'maserati'],
    ['VF7', 'Citroën', null],
    ['KPT', 'KG모빌리티', null],
    ['LRW', 'Tesla (중국 생산)', null],
  ])('names the maker of WMI %s: %s, catalogue brand %s', (wmi, manufacturer, brand) => {
    expect(decodeVin(vinStarting(wmi))).toMatchObject({ wmi, manufacturer, brand });
  });

  it('leaves a WMI outside the table without maker or brand, even beside known ones', () => {
    expect(decodeVin(vinStarting('WDA'))).toMatchObject({ wmi: 'WDA', manufacturer: null, brand: null });
    expect(decodeVin(vinStarting('W1L'))).toMatchObject({ wmi: 'W1L', manufacturer: null, brand: null });
  });
});

describe('VIN decoding: country of manufacture', () => {
  it.each([
    // Each range at both ends, and the codes just outside it.
    ['W0', '독일'],
    ['WZ', '독일'],
    ['S9', null],
    ['SA', '영국'],
    ['SM', '영국'],
    ['SN', null],
    ['Z0', '이탈리아'],
    ['ZZ', '이탈리아'],
    ['VE', null],
    ['VF', '프랑스'],
    ['VR', '프랑스'],
    ['VS', '스페인'],
    ['VW', '스페인'],
    ['VX', null],
    ['YR', null],
    ['YS', '스웨덴'],
    ['YW', '스웨덴'],
    ['YX', null],
    ['TP', null],
    ['TR', '헝가리'],
    ['TV', '헝가리'],
    ['TW', null],
    ['KK', null],
    ['KL', '대한민국'],
    ['KR', '대한민국'],
    ['KS', null],
    ['JA', '일본'],
    ['LR', '중국'],
    ['1F', '미국'],
    ['4J', '미국'],
    ['5Y', '미국'],
    ['2T', '캐나다'],
    ['3V', '멕시코'],
    ['6F', null],
    ['9B', null],
    ['XT', null],
  ])('reads %s as %s', (start, country) => {
    expect(decodeVin(vinStarting(start))!.country).toBe(country);
  });
});
