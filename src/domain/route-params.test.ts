import { describe, expect, it } from 'vitest';
import { parseRouteId, parseRouteIdList } from './route-params.ts';

describe('parseRouteId', () => {
  it('reads positive integers and refuses anything else', () => {
    expect(parseRouteId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '1e3', '99999999999', '2147483648']) expect(parseRouteId(bad)).toBeNull();
  });
});

describe('parseRouteIdList', () => {
  it('reads a comma-separated list, once per id, in order', () => {
    expect(parseRouteIdList('3,5,8')).toEqual([3, 5, 8]);
    expect(parseRouteIdList('7')).toEqual([7]);
    expect(parseRouteIdList('5,3,5')).toEqual([5, 3]);
  });

  it('refuses the whole list when any part is not an id', () => {
    for (const bad of [undefined, '', ',', '1,', '1,,2', '1,0', '1,abc', 'abc', '0']) expect(parseRouteIdList(bad)).toBeNull();
  });
});
