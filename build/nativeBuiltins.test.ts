// @vitest-environment node
import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { nativeModuleFor } from './nativeBuiltins';

function load(feature: string): unknown {
  const body = nativeModuleFor(feature);
  if (body === undefined) throw new Error(`${feature} is not mapped`);
  const module = { exports: undefined as unknown };
  // Same realm as the test, so the answers can be compared with this realm's built-ins.
  const evaluate = runInThisContext(`(function (module) { ${body} })`) as (target: typeof module) => void;
  evaluate(module);
  return module.exports;
}

describe('nativeModuleFor', () => {
  it('maps static built-ins to the native functions', () => {
    expect(load('object/define-property')).toBe(Object.defineProperty);
    expect(load('array/is-array')).toBe(Array.isArray);
    expect(load('json/stringify')).toBe(JSON.stringify);
    expect(load('symbol/to-primitive')).toBe(Symbol.toPrimitive);
    expect(load('promise')).toBe(Promise);
    expect(load('weak-map')).toBe(WeakMap);
  });

  it('maps instance helpers to the receiver’s own method, as Babel calls them', () => {
    const forEach = load('instance/for-each') as (it: unknown) => unknown;
    expect(forEach([1, 2])).toBe(Array.prototype.forEach);
    const startsWith = load('instance/starts-with') as (it: string) => (this: string, s: string) => boolean;
    expect(startsWith('fitstreak').call('fitstreak', 'fit')).toBe(true);
  });

  it('leaves unknown or nested paths to core-js', () => {
    expect(nativeModuleFor('unknown-thing')).toBeUndefined();
    expect(nativeModuleFor('object/a/b')).toBeUndefined();
  });
});
