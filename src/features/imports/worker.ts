/// <reference lib="webworker" />
import { readImportFiles, type ReadOutcome } from './readFiles';

/** What the page hears from the worker: bytes read so far, then what the files hold. */
export type WorkerMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; outcome: ReadOutcome }
  | { kind: 'failed' };

/**
 * Reads workout files and archives off the page's thread, so a large file never freezes it; only
 * the summaries, simplified tracks and weigh-ins come back.
 */
self.onmessage = async (event: MessageEvent<File[]>) => {
  try {
    const outcome = await readImportFiles(event.data, (done, total) =>
      self.postMessage({ kind: 'progress', done, total } satisfies WorkerMessage),
    );
    self.postMessage({ kind: 'done', outcome } satisfies WorkerMessage);
  } catch {
    self.postMessage({ kind: 'failed' } satisfies WorkerMessage);
  }
};
