import path from 'node:path';
import { classDefinitions } from '../../cloud/schema';
import type { AppConfig } from '../config';
import { FileMailAdapter } from './mailAdapter';
import { corsOrigins } from '../http/securityHeaders';
import { securityCheckGroups } from './securityChecks';

/** How long Parse remembers an X-Parse-Request-Id and refuses its repeat with 159, in seconds. */
export const IDEMPOTENCY_TTL_S = 300;

/** The writes whose repeat by `X-Parse-Request-Id` is refused: objects' creates and updates, functions. */
export const IDEMPOTENT_PATHS = ['classes/.*', 'functions/.*'];

/** `_User` fields only their owner (and the master) may read. */
export const USER_PROTECTED_FIELDS = { _User: { '*': ['email', 'emailVerified', 'authData'] } };

export const LIVE_QUERY_CLASSES = ['ChatMessage', 'Notification'];

/** The largest request body Parse accepts, files included. */
export const MAX_UPLOAD_SIZE = '5mb';

export interface ParseOptionsInput {
  config: AppConfig;
  databaseUri: string;
  masterKey: string;
  cloud: () => Promise<unknown>;
  /** Parse's files adapter: a folder of DATA_DIR or an S3 bucket (server/parse/files.ts). */
  filesAdapter: object;
  /** Parse's cache of sessions, users and roles shared through Redis; in the process when absent. */
  cacheAdapter?: object;
  /** Auth adapters by provider: `oidc` with single sign-on (server/auth/oidc.ts). */
  auth?: Record<string, object>;
  log: (line: string) => void;
}

/** Parse Server options: every security setting of the design, in one reviewed place. */
export function buildParseOptions({
  config,
  databaseUri,
  masterKey,
  cloud,
  filesAdapter,
  cacheAdapter,
  auth,
  log,
}: ParseOptionsInput) {
  const postgres = databaseUri.startsWith('postgres');
  return {
    appId: config.appId,
    appName: 'FITSTREAK',
    masterKey,
    masterKeyIps: config.masterKeyIps,
    maintenanceKeyIps: ['127.0.0.1', '::1'],
    readOnlyMasterKeyIps: ['127.0.0.1', '::1'],
    allowAggregationForReadOnlyMasterKey: false,
    databaseURI: databaseUri,
    // Every node hears every other node's schema change at once (server/parse/schemaHooks.ts keeps it so).
    ...(postgres ? { databaseOptions: { enableSchemaHooks: true } } : {}),
    serverURL: config.serverUrl,
    publicServerURL: `${config.publicUrl}/parse`,
    // CORS: Parse answers an Origin on this list with itself and any other with the first entry, which
    // the browser then refuses. Requests without an Origin (same-origin GETs, servers) are unaffected.
    allowOrigin: corsOrigins(config),
    cloud,
    // Parse's errors reach server/http/refusals.ts, which answers them with their message id and field.
    enableExpressErrorHandler: true,
    logLevel: config.logLevel,
    logsFolder: path.join(config.dataDir, 'logs'),
    silent: config.logLevel === 'error',

    allowClientClassCreation: false,
    enableAnonymousUsers: false,
    enforcePrivateUsers: true,
    allowExpiredAuthDataToken: false,
    maxLimit: 1000,
    schema: {
      definitions: classDefinitions,
      lockSchemas: true,
      strict: true,
      deleteExtraFields: false,
      recreateModifiedFields: false,
    },
    protectedFields: USER_PROTECTED_FIELDS,
    // A person sees their own e-mail; triggers see whole objects; write answers hide protected fields.
    protectedFieldsOwnerExempt: true,
    protectedFieldsTriggerExempt: true,
    protectedFieldsSaveResponseExempt: false,
    installation: { duplicateDeviceTokenActionEnforceAuth: true },
    requestComplexity: {
      allowRegex: false,
      batchRequestLimit: 50,
      includeDepth: 3,
      includeCount: 10,
      queryDepth: 5,
      subqueryDepth: 2,
      // A subquery's rows become a list of values: as many as server/http/queryGuard.ts lets a list hold.
      subqueryLimit: 1000,
      graphQLDepth: 10,
      graphQLFields: 100,
    },
    fileUpload: {
      enableForPublic: false,
      enableForAnonymousUser: false,
      enableForAuthenticatedUser: true,
      // Pictures for avatars and progress photos, and gzipped workout files kept as they were imported (cloud/classes/originalFile.ts).
      fileExtensions: ['^(png|jpe?g|webp|gif|gz)$'],
      // Files are stored by name only; a File value may carry a URL of this app (as the SDK sends it), no other.
      allowedFileUrlDomains: [new URL(config.publicUrl).hostname],
    },
    maxUploadSize: MAX_UPLOAD_SIZE,
    filesAdapter,
    // Rate limits are counted in front of Parse (server/http/rateLimits.ts), in Redis with REDIS_URL.
    accountLockout: { duration: 5, threshold: 5, unlockOnPasswordReset: true },
    passwordPolicy: {
      validatorPattern: /^.{8,}$/u,
      validationError: 'Password must be at least 8 characters long.',
      doNotAllowUsername: true,
      resetTokenValidityDuration: 2 * 60 * 60,
      resetTokenReuseIfValid: true,
    },
    // Every new or changed address gets a link to confirm it; people keep using the app meanwhile.
    verifyUserEmails: true,
    preventLoginWithUnverifiedEmail: false,
    emailVerifyTokenValidityDuration: 24 * 60 * 60,
    // A second request (or anyone's, the endpoint is public) resends the link still valid.
    emailVerifyTokenReuseIfValid: true,
    emailVerifySuccessOnInvalidEmail: true,
    emailAdapter: new FileMailAdapter(
      path.join(config.dataDir, 'mail'),
      config.mailFrom,
      log,
      // Read when a mail is written, once Parse runs (cloud code needs it started).
      async (userId) =>
        (await import('../../cloud/languages')).languagesOf([userId]).then((found) => found.get(userId)),
    ),
    // Links from mails land in the app, not on Parse's own pages.
    pages: {
      encodePageParamHeaders: true,
      customUrls: {
        passwordReset: `${config.publicUrl}/reset-password`,
        passwordResetLinkInvalid: `${config.publicUrl}/reset-password?invalid=1`,
        passwordResetSuccess: `${config.publicUrl}/login?reset=1`,
        emailVerificationSuccess: `${config.publicUrl}/login?notice=email-verified`,
        emailVerificationLinkInvalid: `${config.publicUrl}/login?notice=email-link-invalid`,
        emailVerificationLinkExpired: `${config.publicUrl}/login?notice=email-link-expired`,
      },
    },
    security: { enableCheck: true, enableCheckLog: false, checkGroups: securityCheckGroups(databaseUri) },
    // On PostgreSQL the server records request ids itself, in Parse's table (server/http/idempotency.ts);
    // Parse still creates the table and its clean-up function, with this ttl.
    idempotencyOptions: { paths: postgres ? [] : IDEMPOTENT_PATHS, ttl: IDEMPOTENCY_TTL_S },
    liveQuery: {
      classNames: LIVE_QUERY_CLASSES,
      ...(config.redisUrl ? { redisURL: config.redisUrl } : {}),
    },
    ...(cacheAdapter ? { cacheAdapter } : {}),
    ...(auth ? { auth } : {}),
  };
}
