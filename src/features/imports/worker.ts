/// <reference lib="webworker" />
import { readWorkoutFile, type FileOutcome } from './readFiles';

/** What the page hears from the worker: progress per file, then every outcome. */
export type WorkerMessage =
  { kind: 'progress'; done: number; total: number } | { kind: 'done'; outcomes: FileOutcome[] };

/**
 * Reads workout files off the page's thread, so a large file never freezes it; only the
 * summaries and simplified tracks come back.
 */
self.onmessage = async (event: MessageEvent<File[]>) => {
  const files = event.data;
  const outcomes: FileOutcome[] = [];
  for (const file of files) {
    outcomes.push(await readWorkoutFile(file));
    self.postMessage({
      kind: 'progress',
      done: outcomes.length,
      total: files.length,
    } satisfies WorkerMessage);
  }
  self.postMessage({ kind: 'done', outcomes } satisfies WorkerMessage);
};
