import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationMs, fillTemplate, interpolate, loadCompose, mergeOver, startOrder } from './composeFile';
import { runArguments } from './podman';

function composeFiles(...contents: string[]): string[] {
  const directory = mkdtempSync(path.join(tmpdir(), 'compose-'));
  return contents.map((content, index) => {
    const file = path.join(directory, index === 0 ? 'docker-compose.yml' : `override-${index}.yml`);
    writeFileSync(file, content);
    return file;
  });
}

const BASE = `
name: shop
services:
  web:
    build: .
    environment:
      SECRET: \${SECRET:?set SECRET}
      LEVEL: \${LEVEL:-warn}
    networks:
      default:
        aliases: [web-public]
      admin:
        ipv4_address: 10.9.1.10
    depends_on:
      db:
        condition: service_healthy
    stop_grace_period: 15s
    init: true
  db:
    image: postgres:17
    command: ['postgres', '-c', 'max_connections=200']
    volumes:
      - db-data:/var/lib/postgresql/data
      - ./conf/pg.conf:/etc/pg.conf:ro
    healthcheck:
      test: ['CMD-SHELL', 'pg_isready -q']
      interval: 5s
    ports:
      - '127.0.0.1:5432:5432'
networks:
  default:
    ipam:
      config:
        - subnet: 10.9.0.0/24
  admin:
    ipam:
      config:
        - subnet: 10.9.1.0/24
volumes:
  db-data:
`;

describe('interpolate', () => {
  it('fills variables, defaults and $$ as Compose does, and refuses a required one that is unset', () => {
    expect(interpolate('${A}-${B:-two}-${C-three}-$A-$$A', { A: 'one', C: '' })).toBe('one-two--one-$A');
    expect(interpolate('${B:-two}', { B: '' })).toBe('two');
    expect(() => interpolate('${SECRET:?set SECRET}', {})).toThrow('SECRET: set SECRET');
  });
});

describe('fillTemplate', () => {
  it("replaces only the set variables, leaving nginx's own $variables alone", () => {
    expect(
      fillTemplate('resolver ${RESOLVER}; set $x ${UNSET}; $http_upgrade', { RESOLVER: '10.0.0.1' }),
    ).toBe('resolver 10.0.0.1; set $x ${UNSET}; $http_upgrade');
  });
});

describe('durationMs', () => {
  it('reads Compose durations and refuses other text', () => {
    expect(durationMs('1m30s', 'x')).toBe(90_000);
    expect(durationMs('500ms', 'x')).toBe(500);
    expect(durationMs(90, 'x')).toBe(90_000);
    expect(() => durationMs('soon', 'x')).toThrow('"soon" is not a duration');
  });
});

describe('mergeOver', () => {
  it('merges mappings key by key and replaces lists and scalars', () => {
    expect(mergeOver({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, e: 2 })).toEqual({
      a: { b: 1, c: [3] },
      d: 1,
      e: 2,
    });
  });
});

describe('loadCompose', () => {
  it('reads services, networks and volumes with an override merged over the file', () => {
    const files = composeFiles(BASE, `services:\n  db:\n    image: stand-in/postgres:17\n`);
    const project = loadCompose(files, { SECRET: 's3cret' });
    const { web, db } = project.services;

    expect(project.name).toBe('shop');
    expect(web?.image).toBe('shop-web');
    expect(web?.environment).toEqual({ SECRET: 's3cret', LEVEL: 'warn' });
    expect(web?.networks).toEqual({
      default: { aliases: ['web', 'web-public'], ipv4Address: undefined },
      admin: { aliases: ['web'], ipv4Address: '10.9.1.10' },
    });
    expect(web?.dependsOn).toEqual({ db: 'service_healthy' });
    expect(web?.stopGracePeriodSeconds).toBe(15);
    expect(db?.image).toBe('stand-in/postgres:17');
    expect(db?.healthcheck?.command).toEqual(['/bin/sh', '-c', 'pg_isready -q']);
    expect(db?.mounts.map((mount) => [mount.bind, mount.readOnly])).toEqual([
      [false, false],
      [true, true],
    ]);
    expect(project.networks.admin).toEqual({ name: 'shop_admin', subnet: '10.9.1.0/24' });
    expect(startOrder(project).map((service) => service.name)).toEqual(['db', 'web']);
  });

  it('refuses a key it would otherwise ignore, and a secret that is not set', () => {
    expect(() => loadCompose(composeFiles(BASE), {})).toThrow('SECRET: set SECRET');
    const withSecrets = composeFiles(
      `${BASE}\n`.replace('    init: true', '    init: true\n    secrets: [key]'),
    );
    expect(() => loadCompose(withSecrets, { SECRET: 'x' })).toThrow('secrets is not supported');
  });
});

describe('runArguments', () => {
  it('gives a replica its name, labels, addresses, aliases, limits and command', () => {
    const project = loadCompose(composeFiles(BASE), { SECRET: 's3cret' });
    const web = project.services.web;
    const db = project.services.db;
    if (web === undefined || db === undefined) throw new Error('services missing');

    const webArgs = runArguments(project, web, 2);
    expect(webArgs).toEqual(
      expect.arrayContaining(['--name', 'shop_web_2', '--init', '--stop-timeout', '15']),
    );
    expect(webArgs).toEqual(
      expect.arrayContaining([
        '--network',
        'shop_default:alias=web,alias=web-public',
        '--network',
        'shop_admin:ip=10.9.1.10,alias=web',
        '--env',
        'SECRET=s3cret',
      ]),
    );
    expect(webArgs.at(-1)).toBe('shop-web');
    const dbArgs = runArguments(project, db, 1);
    expect(dbArgs).toEqual(
      expect.arrayContaining([
        '--publish',
        '127.0.0.1:5432:5432',
        '--volume',
        'shop_db-data:/var/lib/postgresql/data',
      ]),
    );
    expect(dbArgs.slice(-4)).toEqual(['postgres:17', 'postgres', '-c', 'max_connections=200']);
  });
});
