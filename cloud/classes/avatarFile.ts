import {
  IMAGE_KINDS,
  avatarFileName,
  avatarFileProblem,
  imageKind,
  isAvatarFileOf,
} from '../../src/domain/images';
import { checkOriginalUpload, isOriginalUpload } from './originalFile';
import { checkPhotoUpload, isPhotoUpload } from './progressPhoto';
import {
  Parse,
  refuseProblem,
  requireUser,
  validationError,
  type FileTriggerRequest,
  type ParseFile,
} from '../parse';

/**
 * An avatar upload: a signed-in person's PNG, JPEG or WebP of at most 2 MB, recognised by
 * its bytes. It is stored under a name that carries the uploader's id (so `_User.avatar` can only
 * point at one's own upload) and the real type (so it is served as that type, whatever it was called).
 */
async function checkAvatarUpload(request: FileTriggerRequest): Promise<ParseFile | undefined> {
  // Uploads with the master key come from the server itself.
  if (request.master) return undefined;
  const { userId } = requireUser(request.user);
  // A streamed upload runs this trigger before its bytes arrive, so its type could not be checked.
  if (request.stream) throw validationError('server.avatar.streamed');
  const base64 = await request.file.getData();
  const bytes = Buffer.from(base64, 'base64');
  const problem = avatarFileProblem(bytes, bytes.length);
  if (problem) throw refuseProblem(problem);
  const kind = imageKind(bytes);
  if (!kind) throw validationError('server.avatar.type');
  return new Parse.File(avatarFileName(userId, kind), { base64 }, IMAGE_KINDS[kind].mimeType);
}

/**
 * Deletes a stored avatar of `userId`. Only files named as that person's avatar are touched, so a
 * value that got into the field some other way never deletes anyone else's picture.
 */
export async function deleteAvatarFile(file: unknown, userId: string): Promise<void> {
  if (!(file instanceof Parse.File) || !isAvatarFileOf(file.name(), userId)) return;
  try {
    // Only the master key may delete files.
    await new Parse.File(file.name()).destroy({ useMasterKey: true });
  } catch (error) {
    // A file already gone is fine; the save that replaced it must not fail because of it.
    console.warn(`Could not delete the old avatar ${file.name()}:`, error);
  }
}

/** Every upload is an avatar, or a kept original workout file or a progress photo when its name says so. */
export function registerAvatarFileTriggers(): void {
  Parse.Cloud.beforeSave(Parse.File, (request) => {
    if (isOriginalUpload(request)) return checkOriginalUpload(request);
    if (isPhotoUpload(request)) return checkPhotoUpload(request);
    return checkAvatarUpload(request);
  });
}
