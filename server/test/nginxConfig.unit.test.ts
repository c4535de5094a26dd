// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { directives, inForce, locationFor, parseNginxConfig, serverListeningOn } from './nginxConfig';

const SAMPLE = `
# a comment; with { braces }
map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
}
proxy_set_header Host $http_host;
proxy_set_header X-Forwarded-For $remote_addr;
server {
    listen 80 default_server;
    location / { proxy_pass http://site; }
    location /parse { proxy_pass http://api; }
    location = /parse/health { return 200 "ok;"; }
}
server {
    listen 127.0.0.1:4040;
    proxy_set_header Connection "";
    location /parse/ { proxy_pass http://admin; }
}
`;

describe('parseNginxConfig', () => {
  it('does read directives, blocks and quoted arguments when comments hold punctuation', () => {
    const config = parseNginxConfig(SAMPLE);
    const map = directives(config, 'map')[0];

    expect(config.map((directive) => directive.name)).toEqual([
      'map',
      'proxy_set_header',
      'proxy_set_header',
      'server',
      'server',
    ]);
    expect(map?.args).toEqual(['$http_upgrade', '$connection_upgrade']);
    expect(map?.block?.map((entry) => [entry.name, ...entry.args])).toEqual([
      ['default', 'upgrade'],
      ['', ''],
    ]);
  });

  it('does refuse a configuration when a block is left open or include is used', () => {
    expect(() => parseNginxConfig('server { listen 80;')).toThrow(/ends inside/);
    expect(() => parseNginxConfig('include conf.d/*.conf;')).toThrow(/include/);
  });

  it('does pick the exact location, else the longest prefix, when a path is requested', () => {
    const server = serverListeningOn(parseNginxConfig(SAMPLE), 80);

    expect(locationFor(server, '/parse/health').args).toEqual(['=', '/parse/health']);
    expect(locationFor(server, '/parse/classes/Meal').args).toEqual(['/parse']);
    expect(locationFor(server, '/parse').args).toEqual(['/parse']);
    expect(locationFor(server, '/login').args).toEqual(['/']);
  });

  it('does take directives from the innermost level that has them when they are inherited', () => {
    const config = parseNginxConfig(SAMPLE);
    const publicServer = serverListeningOn(config, 80);
    const adminServer = serverListeningOn(config, 4040);
    const levels = (server: typeof publicServer, path: string) => [
      locationFor(server, path).block ?? [],
      server.block ?? [],
      config,
    ];

    expect(inForce(levels(publicServer, '/parse'), 'proxy_set_header').map((d) => d.args[0])).toEqual([
      'Host',
      'X-Forwarded-For',
    ]);
    expect(inForce(levels(adminServer, '/parse/x'), 'proxy_set_header').map((d) => d.args)).toEqual([
      ['Connection', ''],
    ]);
  });
});
