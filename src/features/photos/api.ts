import { photoUploadName, type PhotoPose } from '@/domain/progressPhotos';
import { getParse } from '@/lib/parse';
import type { PreparedPhoto } from './prepare';

const CLASS_NAME = 'ProgressPhoto';

export interface ProgressPhoto {
  id: string;
  takenOn: Date;
  pose: PhotoPose;
  url: string;
  name: string;
  width: number;
  height: number;
  bytes: number;
}

/** The person's photos, newest first. */
export async function loadPhotos(): Promise<ProgressPhoto[]> {
  const Parse = await getParse();
  const rows = await new Parse.Query(CLASS_NAME).descending('takenOn').limit(500).find();
  return rows.flatMap((row) => {
    const file: unknown = row.get('file');
    if (!(file instanceof Parse.File) || !row.id) return [];
    return [
      {
        id: row.id,
        takenOn: row.get('takenOn') as Date,
        pose: row.get('pose') as PhotoPose,
        url: file.url() ?? '',
        name: file.name(),
        width: Number(row.get('width')),
        height: Number(row.get('height')),
        bytes: Number(row.get('bytes')),
      },
    ];
  });
}

/** Uploads a prepared picture (the server checks it holds no metadata) and saves its row. */
export async function addPhoto(prepared: PreparedPhoto, takenOn: Date, pose: PhotoPose): Promise<void> {
  const Parse = await getParse();
  const file = new Parse.File(photoUploadName('jpeg'), prepared.blob, 'image/jpeg');
  await file.save();
  const row = new Parse.Object(CLASS_NAME);
  row.set({
    file,
    takenOn,
    pose,
    width: prepared.width,
    height: prepared.height,
    bytes: prepared.blob.size,
  });
  await row.save();
}

export async function deletePhoto(id: string): Promise<void> {
  const Parse = await getParse();
  await new Parse.Object(CLASS_NAME, { objectId: id }).destroy();
}

/**
 * A photo's picture, downloaded with the person's session: the server answers a photo's file to
 * its owner only, so an <img> cannot load it by URL.
 */
export async function loadPhotoBlob(url: string): Promise<Blob> {
  const Parse = await getParse();
  const sessionToken = (await Parse.User.currentAsync())?.getSessionToken();
  const response = await fetch(url, {
    headers: sessionToken ? { 'X-Parse-Session-Token': sessionToken } : {},
  });
  if (!response.ok) throw new Error(`The photo could not be loaded (${response.status}).`);
  return response.blob();
}
