import type { Plugin } from 'vite';

/**
 * The Parse SDK's browser build carries core-js ponyfills for built-ins every browser we support
 * already has (~25 KB gzip). This plugin answers those imports with the native built-in instead;
 * anything it does not recognise still resolves to core-js.
 */
const CORE_JS = /(?:^|\/)core-js-pure\/(?:stable|features|actual|full|es)\/(.+?)(?:\/index)?(?:\.js)?$/;
const BABEL_CORE_JS = /@babel\/runtime-corejs3\/core-js(?:-stable)?\/(.+?)(?:\.js)?$/;
const PREFIX = '\0native-builtin:';

const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

const NAMESPACES: Readonly<Record<string, string>> = {
  object: 'Object',
  array: 'Array',
  json: 'JSON',
  number: 'Number',
  symbol: 'Symbol',
  reflect: 'Reflect',
  math: 'Math',
  string: 'String',
  promise: 'Promise',
};

const GLOBALS: Readonly<Record<string, string>> = {
  promise: 'Promise',
  map: 'Map',
  set: 'Set',
  'weak-map': 'WeakMap',
  'weak-set': 'WeakSet',
  symbol: 'Symbol',
  'parse-int': 'parseInt',
  'parse-float': 'parseFloat',
  'global-this': 'globalThis',
  'set-timeout': 'function () { return setTimeout.apply(globalThis, arguments); }',
  'set-interval': 'function () { return setInterval.apply(globalThis, arguments); }',
};

/** The CommonJS body for a core-js path, or undefined when we leave it to core-js. */
export function nativeModuleFor(feature: string): string | undefined {
  const [head = '', name, ...rest] = feature.split('/');
  if (rest.length > 0) return undefined;
  if (name === undefined) {
    const global = GLOBALS[head];
    return global ? `module.exports = ${global};` : undefined;
  }
  if (head === 'instance') {
    // Babel calls `helper(receiver).call(receiver, …)`: hand back the receiver's own method.
    return `module.exports = function (it) { return it.${camel(name)}; };`;
  }
  const namespace = NAMESPACES[head];
  return namespace ? `module.exports = ${namespace}.${camel(name)};` : undefined;
}

export function nativeBuiltins(): Plugin {
  return {
    name: 'fitstreak:native-builtins',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const match = CORE_JS.exec(source) ?? BABEL_CORE_JS.exec(source);
      const feature = match?.[1];
      if (!feature || nativeModuleFor(feature) === undefined) return null;
      return `${PREFIX}${feature}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return nativeModuleFor(id.slice(PREFIX.length)) ?? null;
    },
  };
}
