import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CanonicalJsonError,
  canonicalJson,
  contentHash,
  sha256,
} from '../../../../src/core/store/canonical-json.ts';

describe('canonicalJson', () => {
  it.each([
    ['sorted keys', { b: 1, a: 2 }, '{"a":2,"b":1}'],
    [
      'nested keys sorted at every level',
      { z: { y: 1, x: [{ d: 1, c: 2 }] }, a: null },
      '{"a":null,"z":{"x":[{"c":2,"d":1}],"y":1}}',
    ],
    ['array order kept', [3, 1, 2], '[3,1,2]'],
    ['code-unit order: upper case before lower', { b: 1, B: 2, a: 3 }, '{"B":2,"a":3,"b":1}'],
    ['code-unit order, not locale order', { é: 1, z: 2 }, '{"z":2,"é":1}'],
    ['undefined members left out', { a: 1, b: undefined }, '{"a":1}'],
    ['negative zero is 0', { x: -0 }, '{"x":0}'],
    ['exponent form as JSON writes it', [1e21, 1e-7, 0.1], '[1e+21,1e-7,0.1]'],
    ['string escapes', { s: 'a"b\\c\n\u0001' }, '{"s":"a\\"b\\\\c\\n\\u0001"}'],
    ['empty containers', { a: [], b: {} }, '{"a":[],"b":{}}'],
    ['top-level scalars', 'x', '"x"'],
    ['booleans and null', [true, false, null], '[true,false,null]'],
    [
      'null-prototype objects are plain',
      Object.assign(Object.create(null) as object, { b: 1, a: 2 }),
      '{"a":2,"b":1}',
    ],
  ])('%s', (_name, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it.each([
    ['NaN', { a: { b: Number.NaN } }, '$.a.b', 'NaN is not a JSON number'],
    ['Infinity', [1, Infinity], '$[1]', 'Infinity is not a JSON number'],
    ['a function', { f: () => 1 }, '$.f', 'a function is not JSON'],
    ['a bigint', { n: 10n }, '$.n', 'a bigint is not JSON'],
    ['undefined in an array', { list: [1, undefined] }, '$.list[1]', 'undefined is not JSON'],
    ['a Date', { when: new Date(0) }, '$.when', 'a Date instance is not plain JSON'],
    ['a Map', { m: new Map() }, '$.m', 'a Map instance is not plain JSON'],
    ['a symbol', { s: Symbol('x') }, '$.s', 'a symbol is not JSON'],
  ])('refuses %s and says where', (_name, value, path, problem) => {
    const error = (() => {
      try {
        canonicalJson(value);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(CanonicalJsonError);
    expect((error as CanonicalJsonError).path).toBe(path);
    expect((error as CanonicalJsonError).problem).toBe(problem);
  });

  it('refuses a cycle', () => {
    const a: Record<string, unknown> = { x: 1 };
    a.self = { back: a };
    expect(() => canonicalJson(a)).toThrow(/cycle at \$\.self\.back/);
  });

  it('accepts the same object twice when it is not a cycle', () => {
    const shared = { v: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"v":1},"b":{"v":1}}');
  });

  it('carries the same content as JSON.stringify for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('is a fixed point: canonical text parsed and written again is unchanged', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const once = canonicalJson(value);
        expect(canonicalJson(JSON.parse(once))).toBe(once);
      }),
    );
  });

  it('does not depend on key insertion order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
      }),
    );
  });

  // Small key sets are ordered by an insertion sort and large ones by Array.prototype.sort; both
  // must give code-unit order, whatever order the keys arrive in.
  it.each([
    ['a few keys', 1, 16],
    ['many keys', 17, 60],
  ])('orders %s by code unit from any insertion order', (_name, minKeys, maxKeys) => {
    const key = fc.oneof(fc.string({ maxLength: 4 }), fc.string({ unit: 'binary', maxLength: 3 }));
    fc.assert(
      fc.property(
        fc.uniqueArray(key, { minLength: minKeys, maxLength: maxKeys }),
        fc.infiniteStream(fc.nat()),
        (keys, seeds) => {
          const shuffled = [...keys];
          for (let i = shuffled.length - 1; i > 0; i--) {
            const j = (seeds.next().value as number) % (i + 1);
            [shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string];
          }
          const record = Object.fromEntries(shuffled.map((k, i) => [k, i]));
          const expected = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(canonicalJson(record)).toBe(
            `{${expected.map((k) => `${JSON.stringify(k)}:${record[k]}`).join(',')}}`,
          );
        },
      ),
    );
  });
});

describe('content hash', () => {
  it('is the sha256 of the canonical text', () => {
    const value = { b: [1, 2], a: 'x' };
    const expected = createHash('sha256').update('{"a":"x","b":[1,2]}').digest('hex');
    expect(contentHash(value)).toBe(expected);
    expect(sha256('{"a":"x","b":[1,2]}').toString('hex')).toBe(expected);
  });

  it.each([
    ['key order', { a: 1, b: 2 }, { b: 2, a: 1 }, true],
    ['a changed number', { a: 1 }, { a: 1.0000001 }, false],
    ['a string vs a number', { a: '1' }, { a: 1 }, false],
    ['an absent vs an undefined member', { a: 1 }, { a: 1, b: undefined }, true],
    ['array order', [1, 2], [2, 1], false],
  ])('%s', (_name, left, right, same) => {
    expect(contentHash(left) === contentHash(right)).toBe(same);
  });
});
