/**
 * Reads an nginx configuration well enough to check what a request would meet: directives and
 * blocks, the `location` nginx picks for a path, and the directives in force there. Regular
 * expression locations and `include` are not supported; the reader refuses them rather than guess.
 */
export interface NginxDirective {
  name: string;
  args: string[];
  block: NginxDirective[] | undefined;
}

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s+|#[^\n]*|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([{};])|([^\s{};'"#]+)/gy;
  let position = 0;
  while (position < source.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(source);
    if (match === null) throw new Error(`Cannot read the nginx configuration at character ${position}.`);
    const [whole, single, double, punctuation, word] = match;
    const token = single ?? double ?? punctuation ?? word;
    if (token !== undefined) tokens.push(token);
    position += whole.length;
  }
  return tokens;
}

export function parseNginxConfig(source: string): NginxDirective[] {
  const tokens = tokenize(source);
  let position = 0;

  function readBlock(closed: boolean): NginxDirective[] {
    const directives: NginxDirective[] = [];
    let words: string[] = [];
    while (position < tokens.length) {
      const token = tokens[position++] ?? '';
      if (token === ';' || token === '{') {
        const [name, ...args] = words;
        if (name === undefined) throw new Error(`"${token}" without a directive.`);
        if (name === 'include') throw new Error('include is not supported.');
        directives.push({ name, args, block: token === '{' ? readBlock(true) : undefined });
        words = [];
      } else if (token === '}') {
        if (!closed || words.length > 0) throw new Error('Unexpected "}".');
        return directives;
      } else {
        words.push(token);
      }
    }
    if (closed || words.length > 0) throw new Error('The configuration ends inside a directive.');
    return directives;
  }

  return readBlock(false);
}

export function directives(within: readonly NginxDirective[], name: string): NginxDirective[] {
  return within.filter((directive) => directive.name === name);
}

/** The server block that listens on `port` (the `listen` directive's port, with or without an address). */
export function serverListeningOn(config: readonly NginxDirective[], port: number): NginxDirective {
  const found = directives(config, 'server').find((server) =>
    directives(server.block ?? [], 'listen').some((listen) => {
      const address = listen.args[0] ?? '';
      return Number(address.slice(address.lastIndexOf(':') + 1)) === port;
    }),
  );
  if (!found) throw new Error(`No server block listens on port ${port}.`);
  return found;
}

/** The location nginx chooses for `path`: an exact (`=`) match, else the longest prefix. */
export function locationFor(server: NginxDirective, path: string): NginxDirective {
  const locations = directives(server.block ?? [], 'location');
  let best: { location: NginxDirective; length: number } | undefined;
  for (const location of locations) {
    const [first = '', second] = location.args;
    if (first === '=' && second !== undefined) {
      if (second === path) return location;
      continue;
    }
    if (first.startsWith('~') || (first !== '^~' && second !== undefined)) {
      throw new Error(
        `Regular expression locations are not supported (location ${location.args.join(' ')}).`,
      );
    }
    const prefix = first === '^~' ? (second ?? '') : first;
    if (path.startsWith(prefix) && (!best || prefix.length > best.length)) {
      best = { location, length: prefix.length };
    }
  }
  if (!best) throw new Error(`No location matches ${path}.`);
  return best.location;
}

/**
 * The instances of `name` in force in `levels` (innermost first): nginx takes a directive from the
 * innermost level that has it at all, so a `proxy_set_header` in a location hides all outer ones.
 */
export function inForce(levels: readonly (readonly NginxDirective[])[], name: string): NginxDirective[] {
  for (const level of levels) {
    const found = directives(level, name);
    if (found.length > 0) return found;
  }
  return [];
}
