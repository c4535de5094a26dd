/// <reference lib="webworker" />
import { setupI18n, type Messages } from '@lingui/core';
import { setTranslator } from '@/i18n/messages';
import { readImportFiles, type ReadOutcome } from './readFiles';

/**
 * What the page asks the worker: the files, and the `imports` messages (compiled) in the language
 * shown, so the sentences about files that cannot be read are written here in that language.
 */
export interface WorkerRequest {
  files: File[];
  language: string;
  messages: Messages;
}

/** What the page hears from the worker: bytes read so far, then what the files hold. */
export type WorkerMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; outcome: ReadOutcome }
  | { kind: 'failed' };

/**
 * Reads workout files and archives off the page's thread, so a large file never freezes it; only
 * the summaries, simplified tracks and weigh-ins come back.
 */
self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { files, language, messages } = event.data;
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  setTranslator(
    (id, values) => i18n._(id, values),
    () => language,
  );
  try {
    const outcome = await readImportFiles(files, (done, total) =>
      self.postMessage({ kind: 'progress', done, total } satisfies WorkerMessage),
    );
    self.postMessage({ kind: 'done', outcome } satisfies WorkerMessage);
  } catch {
    self.postMessage({ kind: 'failed' } satisfies WorkerMessage);
  }
};
