/**
 * A workout file kept as it was imported ("Keep the original files"): gzipped in the browser,
 * stored as a Parse File only its owner may download, and linked to its workout by the server.
 */

/** The most a kept original may take, gzipped: the upload limit every file has. */
export const MAX_ORIGINAL_BYTES = 5 * 1024 * 1024;

export const ORIGINAL_KINDS = ['gpx', 'tcx', 'fit'] as const;
export type OriginalKind = (typeof ORIGINAL_KINDS)[number];

/** What the browser names an upload of an original: its kind, gzipped. */
export function originalUploadName(kind: OriginalKind): string {
  return `original.${kind}.gz`;
}

/** The upload's kind when its name says it is an original, else null (it is an avatar). */
export function originalUploadKind(name: string): OriginalKind | null {
  const match = /^original\.(gpx|tcx|fit)\.gz$/.exec(name);
  return match ? (match[1] as OriginalKind) : null;
}

/** The name the server stores an original under: whose it is, and a random part. */
export function originalFileName(userId: string, kind: OriginalKind, random: string): string {
  return `original-${userId}-${random}.${kind}.gz`;
}

/** The owner's id of a stored original (the files adapter may put a random prefix before it), else null. */
export function originalOwnerOf(storedName: string): string | null {
  const match = /^(?:[0-9a-f]{32}_)?original-([A-Za-z0-9]{1,32})-[0-9a-f]{32}\.(?:gpx|tcx|fit)\.gz$/.exec(
    storedName,
  );
  return match?.[1] ?? null;
}

/** True for gzip's two magic bytes. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}
