import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonNestedDeeperThan, socketPacketDataStart } from './json-depth.js';

const nested = (levels: number) => `{"x":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;

describe('jsonNestedDeeperThan', () => {
  it('counts the arrays and objects open at once, up to the bound and one past it', () => {
    expect(JSON_MAX_DEPTH).toBe(32);
    expect(jsonNestedDeeperThan(nested(32))).toBe(false);
    expect(jsonNestedDeeperThan(nested(33))).toBe(true);
    expect(jsonNestedDeeperThan(`{"a":{"b":{"c":[1,{"d":[]}]}},"e":[[],[],{}]}`, 6)).toBe(false);
    expect(jsonNestedDeeperThan(`{"a":{"b":{"c":[1,{"d":[]}]}},"e":[[],[],{}]}`, 5)).toBe(true);
  });

  it('siblings do not add up: a wide array of small objects is one level more, not one per object', () => {
    expect(jsonNestedDeeperThan(`[${Array(10_000).fill('{"a":[1]}').join(',')}]`, 3)).toBe(false);
  });

  it('a body of half a million nested arrays (1 MB) is caught at the bound', () => {
    expect(jsonNestedDeeperThan(`{"x":${'['.repeat(499_990)}${']'.repeat(499_990)}}`)).toBe(true);
  });

  it('brackets inside strings are text, whatever the escapes before a quote', () => {
    expect(jsonNestedDeeperThan(`{"x":"${'['.repeat(100)}","y":"${'{'.repeat(100)}"}`)).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(jsonNestedDeeperThan(`{"x":"a\\"${'['.repeat(100)}"}`)).toBe(false);
    // An escaped backslash before a quote: the quote ends the string and the brackets after it count.
    expect(jsonNestedDeeperThan(`{"x":"a\\\\","y":${'['.repeat(40)}${']'.repeat(40)}}`)).toBe(true);
    expect(jsonNestedDeeperThan(`{"x":"\\\\\\"${'['.repeat(40)}"}`)).toBe(false);
  });

  it('an unterminated string or broken text is left to the JSON parser to refuse', () => {
    expect(jsonNestedDeeperThan(`{"x":"${'['.repeat(100)}`)).toBe(false);
    expect(jsonNestedDeeperThan(']]]]')).toBe(false);
    expect(jsonNestedDeeperThan('')).toBe(false);
  });

  it('starts where it is told to', () => {
    expect(jsonNestedDeeperThan(`[[[[["`, 2, 0)).toBe(true);
    expect(jsonNestedDeeperThan(`"[[[[[`, 2, 0)).toBe(false);
    expect(jsonNestedDeeperThan(`"[[[[[`, 2, 1)).toBe(true);
  });
});

describe('socketPacketDataStart', () => {
  it.each([
    ['an event of the main namespace', '2["typing",{}]', 1],
    ['an event with an acknowledgement id', '215["typing",{}]', 3],
    ['an event of a namespace', '2/chat,["typing",{}]', 7],
    ['an event of a namespace with an id', '2/chat,7["typing",{}]', 8],
    ['a binary event of a namespace', '51-/chat,["x",{"_placeholder":true,"num":0}]', 9],
    // A quote or bracket in a namespace's name is not part of the data.
    ['a namespace whose name holds a quote', '2/"[[,["typing",{}]', 6],
    ['a namespace without data', '1/chat', 6],
    ['a bare packet type', '1', 1],
  ])('%s', (_what, packet, start) => {
    expect(socketPacketDataStart(packet)).toBe(start);
  });
});
