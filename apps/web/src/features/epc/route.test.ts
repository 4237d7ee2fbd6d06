import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyPress } from '../../../test/keys';
import {
  EPC_PARAMS,
  EPC_ROUTE_PATTERN,
  epcHref,
  filterOn,
  isReloadShortcut,
  panelOf,
  pathParamsOf,
  readParams,
} from './route';

describe('catalogue route', () => {
  it('is written out in the route table exactly as EPC_ROUTE_PATTERN (the build lists it for the server)', () => {
    const table = readFileSync(new URL('../../routes.tsx', import.meta.url), 'utf8');
    expect(table).toContain(`path: '${EPC_ROUTE_PATTERN}'`);
  });

  it('writes a place positionally with - for gaps and reads it back', () => {
    const place = {
      vin: 'WBA5R1C09KAK98765',
      brand: 'bmw',
      mcid: 'DEMO-BMW-G20',
      num: '34',
      parts: 'true',
      mid: '34_10_11',
    };
    const href = epcHref(place, false);
    expect(href).toBe('/epcMain/WBA5R1C09KAK98765/bmw/DEMO-BMW-G20/34/-/-/-/-/true/34_10_11');
    expect(readParams(pathParamsOf(href)!)).toEqual(place);
    expect(epcHref({}, false)).toBe('/epcMain');
    expect(readParams(pathParamsOf('/epcMain')!)).toEqual({});
  });

  it('reads every one of the 13 positions, decoded, and no address with more', () => {
    const all = Object.fromEntries(EPC_PARAMS.map((name, i) => [name, `v${i}`]));
    expect(readParams(pathParamsOf(epcHref(all, false))!)).toEqual(all);
    expect(pathParamsOf(`${epcHref(all, false)}/`)).not.toBeNull();
    expect(pathParamsOf(`${epcHref(all, false)}/extra`)).toBeNull();
    // A value with a slash or spaces comes back whole (the path carries it encoded).
    const odd = { vin: 'V', brand: 'bmw', searchPnum: '12 34/5%' };
    expect(readParams(pathParamsOf(epcHref(odd, false))!)).toEqual(odd);
    expect(pathParamsOf('/epcMain/%E0%A4%A')).toEqual({ vin: '%E0%A4%A' });
  });

  it('uses a query on phones', () => {
    expect(epcHref({ vin: 'WBA5R1C09KAK98765', brand: 'bmw' }, true)).toBe(
      '/mobileEpcMain?vin=WBA5R1C09KAK98765&brand=bmw',
    );
    expect(readParams(new URLSearchParams('vin=X&num=-&mid='))).toEqual({ vin: 'X' });
  });

  it('chooses panels by the parameters', () => {
    expect(panelOf({})).toBe('search');
    expect(panelOf({ vin: 'V' })).toBe('groups');
    expect(panelOf({ vin: 'V', num: '34' })).toBe('subGroups');
    expect(panelOf({ vin: 'V', num: '34', level: '2', hasChild: '1', subgroup: '34_10' })).toBe('childGroups');
    expect(panelOf({ vin: 'V', num: '34', level: '2', hasChild: '1', subgroup: '34_10', childMid: '34_10_11' })).toBe(
      'groups',
    );
    expect(panelOf({ vin: 'V', num: '34', parts: 'true', mid: '34_10_11' })).toBe('parts');
  });

  it('filters by default; 0 shows all', () => {
    expect(filterOn({})).toBe(true);
    expect(filterOn({ filter: '1' })).toBe(true);
    expect(filterOn({ filter: '0' })).toBe(false);
  });
});

describe('reload shortcuts', () => {
  const key = keyPress;
  it('blocks F5 and Ctrl/Cmd+R, not plain r or Ctrl+C', () => {
    expect(isReloadShortcut(key('F5'))).toBe(true);
    expect(isReloadShortcut(key('r', { ctrlKey: true }))).toBe(true);
    expect(isReloadShortcut(key('R', { metaKey: true }))).toBe(true);
    expect(isReloadShortcut(key('r'))).toBe(false);
    expect(isReloadShortcut(key('c', { ctrlKey: true }))).toBe(false);
  });
});
