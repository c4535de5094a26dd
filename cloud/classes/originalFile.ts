import { randomBytes } from 'node:crypto';
import {
  isGzip,
  MAX_ORIGINAL_BYTES,
  originalFileName,
  originalOwnerOf,
  originalUploadKind,
} from '../../src/domain/originals';
import { photoOwnerOf } from '../../src/domain/progressPhotos';
import {
  MASTER,
  Parse,
  readableBy,
  refusal,
  requireUser,
  validationError,
  type FileTriggerRequest,
  type ParseFile,
  type ParseUser,
  type TriggerRequest,
} from '../parse';
import { activityClass } from '../schema/activity';
import { originalFileClass } from '../schema/originalFile';
import { asRow, queryOf, rowOf } from '../schema/rows';

/** True when an upload's name says it is a kept original, not an avatar. */
export function isOriginalUpload(request: FileTriggerRequest): boolean {
  return originalUploadKind(request.file.name()) !== null;
}

/**
 * An original workout file: a signed-in person's gzip of at most 5 MB, stored under a name that
 * carries the uploader's id and a random part, so only they can link it to a workout or download it.
 */
export async function checkOriginalUpload(request: FileTriggerRequest): Promise<ParseFile | undefined> {
  if (request.master) return undefined;
  const { userId } = requireUser(request.user);
  if (request.stream) throw validationError('server.originalFile.streamed');
  const kind = originalUploadKind(request.file.name());
  if (!kind) throw validationError('server.originalFile.type');
  const base64 = await request.file.getData();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_ORIGINAL_BYTES) {
    throw validationError('server.originalFile.tooLarge', { max: MAX_ORIGINAL_BYTES / 1024 ** 2 });
  }
  if (!isGzip(bytes)) throw validationError('server.originalFile.notGzip');
  return new Parse.File(
    originalFileName(userId, kind, randomBytes(16).toString('hex')),
    { base64 },
    'application/gzip',
  );
}

/**
 * A kept original or a progress photo is downloaded by its owner only (with their session); anyone
 * else, the URL in hand or not, is refused.
 */
export function guardOriginalDownload(request: FileTriggerRequest): void {
  const name = request.file.name();
  const owner = originalOwnerOf(name) ?? photoOwnerOf(name);
  if (owner === null || request.master) return;
  if (request.user?.id !== owner) {
    throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.originalFile.notFound');
  }
}

/** The original a workout sent with an import names, if it is one the caller uploaded. */
export function ownOriginal(value: unknown, userId: string): ParseFile | null {
  const name =
    value instanceof Parse.File
      ? value.name()
      : typeof value === 'object' && value !== null && (value as { __type?: unknown }).__type === 'File'
        ? (value as { name?: unknown }).name
        : undefined;
  if (typeof name !== 'string' || originalOwnerOf(name) !== userId) return null;
  // A File with a URL is one that is stored: saving the row then names it instead of uploading it.
  const url = `${Parse.serverURL}/files/${encodeURIComponent(Parse.applicationId ?? '')}/${encodeURIComponent(name)}`;
  return Parse.File.fromJSON({ __type: 'File', name, url });
}

/** Links kept originals to the workouts they were imported as. */
export async function keepOriginals(
  user: ParseUser,
  userId: string,
  kept: readonly { activityId: string; file: ParseFile; name: string }[],
): Promise<void> {
  if (kept.length === 0) return;
  const rows = kept.map(({ activityId, file, name }) => {
    const row = rowOf(originalFileClass);
    row.set({ user, activity: rowOf(activityClass, activityId), file, name, storedName: file.name() });
    row.setACL(readableBy(userId));
    return row;
  });
  await Parse.Object.saveAll(rows, MASTER);
}

/** A deleted workout takes its kept original with it. */
export async function deleteOriginalsOf(activityId: string): Promise<void> {
  const rows = await queryOf(originalFileClass)
    .equalTo('activity', rowOf(activityClass, activityId))
    .find(MASTER);
  if (rows.length > 0) await Parse.Object.destroyAll(rows, MASTER);
}

/**
 * Once no row names a stored original (a multi-session FIT file serves several workouts), the file
 * is deleted; one already gone is fine.
 */
async function deleteUnusedFile({ object }: TriggerRequest): Promise<void> {
  const file = asRow(originalFileClass, object).get('file');
  if (!(file instanceof Parse.File)) return;
  const others = await queryOf(originalFileClass).equalTo('storedName', file.name()).count(MASTER);
  if (others > 0) return;
  try {
    await file.destroy(MASTER);
  } catch (error) {
    console.warn(`Could not delete the original file ${file.name()}:`, error);
  }
}

export function registerOriginalFileTriggers(): void {
  Parse.Cloud.afterDelete('OriginalFile', deleteUnusedFile);
  Parse.Cloud.beforeFind(Parse.File, guardOriginalDownload);
}
