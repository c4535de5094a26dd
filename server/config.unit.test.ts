import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';

const CWD = '/srv/fitstreak';
const KEY = 'k'.repeat(24);

describe('loadConfig', () => {
  it('starts with the documented defaults when nothing is set', () => {
    const config = loadConfig({}, CWD);

    expect(config.port).toBe(1337);
    expect(config.dataDir).toBe(path.join(CWD, '.data'));
    expect(config.databaseUri).toBeUndefined();
    expect(config.masterKeyIps).toEqual(['127.0.0.1', '::1']);
    expect(config.serverUrl).toBe('http://localhost:1337/parse');
    expect(config.publicUrl).toBe('http://localhost:1337');
    expect(config.cloudSql).toBe(true);
    expect(config.signup).toEqual({ mode: 'open', adminUsernames: [], invitesByUsers: false });
  });

  it('reads who may sign up, the admins and whether everyone may invite', () => {
    const config = loadConfig(
      { SIGNUP: 'invite', ADMIN_USERNAMES: ' maria, jo.kim ,', INVITES_BY_USERS: 'true' },
      CWD,
    );

    expect(config.signup).toEqual({
      mode: 'invite',
      adminUsernames: ['maria', 'jo.kim'],
      invitesByUsers: true,
    });
  });

  it('takes localhost without PUBLIC_URL, with a warning naming it in production mode only', () => {
    const production = loadConfig({ NODE_ENV: 'production', PORT: '8080' }, CWD);
    const development = loadConfig({ PORT: '8080' }, CWD);
    const given = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://fit.example.org/' }, CWD);

    expect(production.publicUrl).toBe('http://localhost:8080');
    expect(production.warnings).toEqual([
      expect.stringMatching(
        /^PUBLIC_URL is not set, so the app takes http:\/\/localhost:8080 as its address: /,
      ),
    ]);
    expect(development.publicUrl).toBe('http://localhost:8080');
    expect(development.warnings).toEqual([]);
    expect(given.publicUrl).toBe('https://fit.example.org');
    expect(given.warnings).toEqual([]);
  });

  it('reads the map tile server and its credit, none by default', () => {
    const config = loadConfig(
      { MAP_TILE_URL: 'https://tiles.example.org/osm/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© OSM' },
      CWD,
    );

    expect(config.mapTiles).toEqual({
      url: 'https://tiles.example.org/osm/{z}/{x}/{y}.png',
      origin: 'https://tiles.example.org',
      attribution: '© OSM',
    });
    expect(loadConfig({}, CWD).mapTiles).toBeUndefined();
  });

  it('reads a VAPID key pair only whole and well formed, and a subject push services can write to', () => {
    const { publicKey, privateKey } = webPush.generateVAPIDKeys();

    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }, CWD).vapidKeys).toEqual(
      {
        publicKey,
        privateKey,
      },
    );
    expect(loadConfig({}, CWD).vapidKeys).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey }, CWD)).toThrow(/^VAPID_PRIVATE_KEY /);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: privateKey, VAPID_PRIVATE_KEY: privateKey }, CWD)).toThrow(
      /^VAPID_PUBLIC_KEY /,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'short' }, CWD)).toThrow(
      /^VAPID_PRIVATE_KEY /,
    );
    expect(loadConfig({}, CWD).vapidSubject).toBe('mailto:no-reply@localhost');
    expect(loadConfig({ PUBLIC_URL: 'https://fit.example.org' }, CWD).vapidSubject).toBe(
      'https://fit.example.org',
    );
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.org' }, CWD).vapidSubject).toBe(
      'mailto:ops@example.org',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.org' }, CWD)).toThrow(/^VAPID_SUBJECT /);
  });

  it('pushes to the browsers’ push services by default, and to the origins PUSH_SERVICES lists', () => {
    expect(loadConfig({}, CWD).pushServices).toContain('https://fcm.googleapis.com');
    expect(
      loadConfig({ PUSH_SERVICES: 'http://127.0.0.1:9000, https://*.push.example' }, CWD).pushServices,
    ).toEqual(['http://127.0.0.1:9000', 'https://*.push.example']);
    for (const bad of ['https://push.example/path', 'ftp://push.example', 'push.example']) {
      expect(() => loadConfig({ PUSH_SERVICES: bad }, CWD), bad).toThrow(/^PUSH_SERVICES /);
    }
  });

  it('reads single sign-on only with its four settings, and an https issuer unless on this machine', () => {
    const oidc = {
      OIDC_ISSUER: 'https://id.example.org/realms/staff',
      OIDC_CLIENT_ID: 'fitstreak',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Staff ID',
    };

    expect(loadConfig(oidc, CWD).oidc).toEqual({
      issuer: 'https://id.example.org/realms/staff',
      clientId: 'fitstreak',
      clientSecret: 'secret',
      name: 'Staff ID',
    });
    expect(loadConfig({}, CWD).oidc).toBeUndefined();
    expect(() => loadConfig({ ...oidc, OIDC_NAME: '' }, CWD)).toThrow(/^OIDC_NAME must be set together/);
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'http://id.example.org' }, CWD)).toThrow(/^OIDC_ISSUER /);
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:9000' }, CWD).oidc?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
  });

  it('keeps SQL away from cloud code only when CLOUD_SQL is false', () => {
    expect(loadConfig({ CLOUD_SQL: 'false' }, CWD).cloudSql).toBe(false);
    expect(loadConfig({ CLOUD_SQL: 'true' }, CWD).cloudSql).toBe(true);
  });

  it('looks barcodes up only when FOOD_LOOKUP says openfoodfacts, and then needs a contact', () => {
    expect(loadConfig({}, CWD).foodLookup).toBeUndefined();
    expect(
      loadConfig({ FOOD_LOOKUP: 'off', FOOD_LOOKUP_CONTACT: 'ops@example.org' }, CWD).foodLookup,
    ).toBeUndefined();
    expect(
      loadConfig({ FOOD_LOOKUP: 'openfoodfacts', FOOD_LOOKUP_CONTACT: 'ops@example.org' }, CWD).foodLookup,
    ).toEqual({
      url: 'https://world.openfoodfacts.org',
      contact: 'ops@example.org',
    });
    expect(() => loadConfig({ FOOD_LOOKUP: 'openfoodfacts' }, CWD)).toThrow(
      /^FOOD_LOOKUP_CONTACT is required/,
    );
    expect(() => loadConfig({ FOOD_LOOKUP: 'usda' }, CWD)).toThrow(
      'FOOD_LOOKUP must be off or openfoodfacts (got "usda").',
    );
    expect(() => loadConfig({ FOOD_LOOKUP: 'openfoodfacts', FOOD_LOOKUP_CONTACT: 'me) (evil' }, CWD)).toThrow(
      /^FOOD_LOOKUP_CONTACT must be one e-mail address or URL/,
    );
    expect(() =>
      loadConfig(
        { FOOD_LOOKUP: 'openfoodfacts', FOOD_LOOKUP_CONTACT: 'a@b.c', FOOD_LOOKUP_URL: 'ftp://x' },
        CWD,
      ),
    ).toThrow(/^FOOD_LOOKUP_URL must start with http: or https:/);
  });

  it('documents every variable it reads', () => {
    const names = CONFIG_VARIABLES.map((variable) => variable.name);
    for (const name of ['PORT', 'DATA_DIR', 'DATABASE_URI', 'MASTER_KEY', 'MASTER_KEY_IPS', 'REDIS_URL']) {
      expect(names).toContain(name);
    }
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['APP_ID', 'a b'],
    ['MASTER_KEY', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['REDIS_URL', 'http://cache:6379'],
    ['MASTER_KEY_IPS', '127.0.0.1, not-an-address'],
    ['MASTER_KEY_IPS', '10.0.0.0/33'],
    ['MASTER_KEY_IPS', '::1/129'],
    ['S3_BUCKET', 'Not_A_Bucket'],
    ['S3_REGION', 'us east'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['METRICS_TOKEN', 'short'],
    ['TRUST_PROXY', 'everyone'],
    ['TRUST_PROXY', 'loopback, 10.0.0.0/40'],
    ['CLOUD_SQL', 'off'],
    ['SIGNUP', 'invite-only'],
    ['ADMIN_USERNAMES', 'maria, jo kim'],
    ['INVITES_BY_USERS', 'yes'],
    ['MAP_TILE_URL', 'https://tiles.example.org/{z}/{x}.png'],
    ['MAP_TILE_URL', 'javascript:alert(1)//{z}{x}{y}'],
    ['MAP_TILE_URL', 'https://tiles.example.org/{z}/{x}/{y}/{s}.png'],
    ['ALLOWED_ORIGINS', '*'],
    ['ALLOWED_ORIGINS', 'https://app.example.com, app.example.com'],
    ['ALLOWED_ORIGINS', 'https://app.example.com/admin'],
    ['ALLOWED_ORIGINS', 'https://app.example.com?x=1'],
    ['ALLOWED_ORIGINS', 'https://user:secret@app.example.com'],
    ['ALLOWED_ORIGINS', 'ftp://app.example.com'],
  ])('refuses %s=%s with an error naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value }, CWD)).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value }, CWD)).toThrow(new RegExp(`^${name} `));
  });

  it('reads S3 settings only with a bucket, and its keys only as a pair', () => {
    expect(loadConfig({}, CWD).s3).toBeUndefined();
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' }, CWD)).toThrow(/^S3_ENDPOINT .*S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' }, CWD)).toThrow(
      /^S3_SECRET_ACCESS_KEY /,
    );
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://minio' }, CWD)).toThrow(
      /^S3_ENDPOINT /,
    );

    const config = loadConfig(
      {
        S3_BUCKET: 'fitstreak-files',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
      CWD,
    );
    expect(config.s3).toEqual({
      bucket: 'fitstreak-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('requires MASTER_KEY with DATABASE_URI, so every node shares one', () => {
    expect(() => loadConfig({ DATABASE_URI: 'postgres://db/fitstreak' }, CWD)).toThrow(/^MASTER_KEY /);
    expect(loadConfig({ DATABASE_URI: 'postgres://db/fitstreak', MASTER_KEY: KEY }, CWD).masterKey).toBe(KEY);
  });

  it('trusts proxies on loopback by default, and the addresses TRUST_PROXY names', () => {
    expect(loadConfig({}, CWD).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 172.28.0.0/24' }, CWD).trustProxy).toEqual([
      'loopback',
      '172.28.0.0/24',
    ]);
  });

  it('reads ALLOWED_ORIGINS as origins written as a browser sends them, none by default', () => {
    expect(loadConfig({}, CWD).allowedOrigins).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'https://Admin.Example.com:443/, http://localhost:5173' }, CWD)
        .allowedOrigins,
    ).toEqual(['https://admin.example.com', 'http://localhost:5173']);
  });

  it('reads MASTER_KEY_IPS as addresses and CIDR ranges', () => {
    const config = loadConfig({ MASTER_KEY_IPS: '127.0.0.1, ::1,172.28.0.0/16 ,fd00::/8' }, CWD);

    expect(config.masterKeyIps).toEqual(['127.0.0.1', '::1', '172.28.0.0/16', 'fd00::/8']);
  });
});
