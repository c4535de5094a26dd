import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify';

describe('splitLinks', () => {
  it('leaves text without addresses as one text part', () => {
    expect(splitLinks('Intervals at 7, anyone?')).toEqual([
      { kind: 'text', text: 'Intervals at 7, anyone?' },
    ]);
  });

  it('turns http and https addresses into links and keeps the text around them', () => {
    expect(splitLinks('Route: https://example.com/run?km=10 and http://a.org')).toEqual([
      { kind: 'text', text: 'Route: ' },
      { kind: 'link', text: 'https://example.com/run?km=10', href: 'https://example.com/run?km=10' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://a.org', href: 'http://a.org' },
    ]);
  });

  it('leaves sentence punctuation after an address out of the link', () => {
    expect(splitLinks('See https://example.com/a.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: '.' },
    ]);
    expect(splitLinks('(https://example.com/x)')[1]).toMatchObject({ href: 'https://example.com/x' });
    expect(splitLinks('https://en.wikipedia.org/wiki/Run_(sport)')[0]).toMatchObject({
      href: 'https://en.wikipedia.org/wiki/Run_(sport)',
    });
  });

  it('makes nothing else a link: other schemes, bare domains, markup', () => {
    for (const text of [
      'javascript:alert(1)',
      'ftp://example.com',
      'www.example.com',
      'mailto:a@b.c',
      '<a href="https://x.org">x</a>',
      'data:text/html,hi',
    ]) {
      const links = splitLinks(text).filter((part) => part.kind === 'link');
      expect(
        links.every((link) => /^https?:\/\//.test(link.href)),
        text,
      ).toBe(true);
    }
    expect(splitLinks('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
    expect(splitLinks('xhttps://example.com')).toEqual([{ kind: 'text', text: 'xhttps://example.com' }]);
    expect(splitLinks('https://')).toEqual([{ kind: 'text', text: 'https://' }]);
  });

  it('stops an address at a quote or angle bracket', () => {
    expect(splitLinks('<a href="https://x.org">x</a>')).toEqual([
      { kind: 'text', text: '<a href="' },
      { kind: 'link', text: 'https://x.org', href: 'https://x.org' },
      { kind: 'text', text: '">x</a>' },
    ]);
  });
});
