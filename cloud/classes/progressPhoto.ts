import { randomBytes } from 'node:crypto';
import { IMAGE_KINDS, imageKind } from '../../src/domain/images';
import {
  isPhotoUploadName,
  photoFileName,
  photoFileProblem,
  photoOwnerOf,
} from '../../src/domain/progressPhotos';
import {
  MASTER,
  MASTER_PAGES,
  Parse,
  refuseProblem,
  requireUser,
  validationError,
  type CloudObject,
  type FileTriggerRequest,
  type ParseFile,
  type ParseUser,
  type TriggerRequest,
} from '../parse';

/** True when an upload's name says it is a progress photo. */
export function isPhotoUpload(request: FileTriggerRequest): boolean {
  return isPhotoUploadName(request.file.name());
}

/**
 * A progress photo: a signed-in person's JPEG, WebP or PNG of at most 3 MB that carries no
 * metadata (the browser drew it again; a file with Exif, XMP or text chunks is refused, naming
 * `file`). It is stored under a name that carries the uploader's id, a random part and its real
 * type, so only they can name it in a row or download it.
 */
export async function checkPhotoUpload(request: FileTriggerRequest): Promise<ParseFile | undefined> {
  if (request.master) return undefined;
  const { userId } = requireUser(request.user);
  if (request.stream) throw validationError('server.photo.streamed', { field: 'file' });
  const base64 = await request.file.getData();
  const bytes = Buffer.from(base64, 'base64');
  const problem = photoFileProblem(bytes);
  if (problem) throw refuseProblem(problem);
  const kind = imageKind(bytes);
  if (!kind) throw validationError('server.photo.type', { field: 'file' });
  return new Parse.File(
    photoFileName(userId, randomBytes(16).toString('hex'), kind),
    { base64 },
    IMAGE_KINDS[kind].mimeType,
  );
}

/**
 * A row names a photo its owner uploaded, and keeps it: a new picture is a new row, so no file is
 * left behind that no row names.
 */
export async function completeProgressPhoto(
  object: CloudObject,
  original: CloudObject | undefined,
): Promise<void> {
  const file: unknown = object.get('file');
  const owner = (object.get('user') as ParseUser | undefined)?.id;
  if (!(file instanceof Parse.File) || !owner || photoOwnerOf(file.name()) !== owner) {
    throw validationError('server.photo.notOwn', { field: 'file' });
  }
  const before: unknown = original?.get('file');
  if (before instanceof Parse.File && before.name() !== file.name()) {
    throw validationError('server.photo.fileFixed', { field: 'file' });
  }
  // One row per file: deleting a row deletes its file, which must not take another row's picture.
  // A file carries its uploader's id, so only the owner's rows can name it; PostgreSQL cannot query
  // a File field by value, so their names are compared here.
  if (!original) {
    const rows = await new Parse.Query('ProgressPhoto')
      .equalTo('user', object.get('user'))
      .select('file')
      .findAll(MASTER_PAGES);
    if (rows.some((row) => (row.get('file') as ParseFile | undefined)?.name() === file.name())) {
      throw validationError('server.photo.fileTaken', { field: 'file' });
    }
  }
}

/** A deleted row, by its owner or with the account, takes its stored file with it. */
async function deletePhotoFile({ object }: TriggerRequest): Promise<void> {
  const file: unknown = object.get('file');
  if (!(file instanceof Parse.File) || photoOwnerOf(file.name()) === null) return;
  try {
    await new Parse.File(file.name()).destroy(MASTER);
  } catch (error) {
    // A file already gone is fine.
    console.warn(`Could not delete the photo file ${file.name()}:`, error);
  }
}

export function registerProgressPhotoTriggers(): void {
  Parse.Cloud.afterDelete('ProgressPhoto', deletePhotoFile);
}
