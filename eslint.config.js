import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Parse is reached through src/lib/parse.ts and each feature's api.ts only. */
const PARSE_ONLY_IN_API = { name: 'parse', message: 'Use src/lib/parse.ts or a feature api.ts.' };

const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const APP_LAYER = { group: ['@/app/*'], message: 'Features do not import the app layer.' };

/**
 * What a feature may not import: the app layer, and another feature but through its index.ts (by
 * the alias, `@/features/<name>`, or by a relative path that climbs into it).
 */
const FEATURE_BOUNDARIES = [
  APP_LAYER,
  {
    group: ['@/features/*/**'],
    message:
      "Import another feature through its index.ts (@/features/<name>); a feature's own files by relative paths.",
  },
  {
    regex: `^(\\.\\./)+(${FEATURES.join('|')})(/|$)`,
    message: 'Import another feature through its index.ts (@/features/<name>).',
  },
];

/** Cloud functions are called through `callCloud` (src/lib/cloud.ts), typed by src/domain/cloudApi.ts. */
const CLOUD_RUN_ONLY_IN_CLOUD = {
  selector: "MemberExpression[object.object.name='Parse'][object.property.name='Cloud'][property.name='run']",
  message: 'Call cloud functions through callCloud (src/lib/cloud.ts).',
};

/** A number written into a field's limit: it comes from its rule (`inputLimits`) or a named constant. */
const LIMIT_NUMBER = {
  selector:
    'JSXAttribute[name.name=/^(min|max|minLength|maxLength)$/] > JSXExpressionContainer > Literal[raw=/^[0-9.]+$/]',
  message: "Take a field's limits from its rule (inputLimits, src/domain/fieldRules.ts) or a named constant.",
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      '.test-data',
      'test-results',
      'playwright-report',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Loaders and actions throw responses (redirects, 404s) by react-router's design.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Data access goes through src/features/<x>/api.ts and src/lib only.
      'no-restricted-imports': ['error', { paths: [PARSE_ONLY_IN_API] }],
    },
  },
  { files: ['src/lib/**'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'parse', 'parse/*', '@/features/*', '@/app/*'],
              message: 'src/domain is pure TypeScript.',
            },
          ],
        },
      ],
    },
  },
  // One block per case, as a later block's options replace an earlier one's for the same rule.
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [PARSE_ONLY_IN_API], patterns: FEATURE_BOUNDARIES }],
    },
  },
  {
    // A test may check two features together (an export read back by the importer).
    files: ['src/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [PARSE_ONLY_IN_API], patterns: [APP_LAYER] }],
    },
  },
  {
    files: ['src/features/*/api.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: FEATURE_BOUNDARIES }] },
  },
  {
    files: ['src/features/*/api.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP_LAYER] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/cloud.ts'],
    rules: { 'no-restricted-syntax': ['error', CLOUD_RUN_ONLY_IN_CLOUD] },
  },
  {
    files: ['src/features/**/*.tsx', 'src/app/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', CLOUD_RUN_ONLY_IN_CLOUD, LIMIT_NUMBER] },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
