import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

// The project's own config, without the rules that need a TypeScript program (the files below
// exist only in the test).
const eslint = new ESLint({ cwd: ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });

/** The messages of `rule` ESLint gives `source` as the file at `file`. */
async function refusals(file: string, source: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === rule)
    .map((message) => message.message);
}

describe('the boundaries lint enforces', () => {
  it('refuses Parse in a feature but in its api.ts, and allows it in src/lib', async () => {
    const source = "import Parse from 'parse';\nexport const parse = Parse;\n";

    expect(await refusals('src/features/chat/components/Probe.tsx', source)).toEqual([
      expect.stringContaining('Use src/lib/parse.ts or a feature api.ts.'),
    ]);
    expect(await refusals('src/features/chat/load.ts', source)).toHaveLength(1);
    expect(await refusals('src/features/chat/api.ts', source)).toEqual([]);
    expect(await refusals('src/lib/probe.ts', source)).toEqual([]);
  });

  it("refuses another feature's files, by alias or relative path, and takes its index.ts", async () => {
    const deep = "export { listChallenges } from '@/features/challenges/api';\n";
    const relative = "export { PersonLabel } from '../../friends/components/Person';\n";
    const index = "export { listChallenges } from '@/features/challenges';\n";
    const own = "export { DEFAULT_ROOM } from '../rooms';\n";

    for (const [file, source] of [
      ['src/features/chat/load.ts', deep],
      ['src/features/chat/api.ts', deep],
      ['src/features/challenges/components/Probe.tsx', relative],
    ] as const) {
      expect(await refusals(file, source), `${file}: ${source}`).toEqual([
        expect.stringContaining('through its index.ts'),
      ]);
    }
    expect(await refusals('src/features/chat/load.ts', index)).toEqual([]);
    // A test may check two features together.
    expect(await refusals('src/features/chat/load.test.ts', deep)).toEqual([]);
    expect(await refusals('src/features/chat/components/Probe.tsx', own)).toEqual([]);
  });

  it('keeps the app layer out of features and src/domain pure', async () => {
    expect(await refusals('src/features/chat/load.ts', "export { router } from '@/app/router';\n")).toEqual([
      expect.stringContaining('Features do not import the app layer.'),
    ]);
    expect(await refusals('src/domain/probe.ts', "export { useState } from 'react';\n")).toEqual([
      expect.stringContaining('src/domain is pure TypeScript.'),
    ]);
  });

  it('refuses Parse.Cloud.run but in src/lib/cloud.ts: cloud functions are called through callCloud', async () => {
    const source =
      "declare const Parse: any;\nexport const run = () => Parse.Cloud.run('listNotifications');\n";

    for (const file of ['src/features/chat/api.ts', 'src/lib/push.ts', 'src/app/routes/probe.tsx']) {
      expect(await refusals(file, source, 'no-restricted-syntax'), file).toEqual([
        expect.stringContaining('through callCloud'),
      ]);
    }
    expect(await refusals('src/lib/cloud.ts', source, 'no-restricted-syntax')).toEqual([]);
  });

  it("refuses a number written into a field's limit in a component, and takes the rule's", async () => {
    const written = 'export const Probe = () => <input name="note" maxLength={200} min={0} />;\n';
    const fromRule =
      "import { weightEntryRules } from '@/domain/contract';\n" +
      "import { inputLimits } from '@/domain/fieldRules';\n" +
      'export const Probe = () => <input name="note" {...inputLimits(weightEntryRules.note)} />;\n';

    for (const file of ['src/features/weight/components/Probe.tsx', 'src/app/routes/probe.tsx']) {
      expect(await refusals(file, written, 'no-restricted-syntax'), file).toEqual([
        expect.stringContaining('from its rule'),
        expect.stringContaining('from its rule'),
      ]);
      expect(await refusals(file, fromRule, 'no-restricted-syntax'), file).toEqual([]);
    }
  });
});
