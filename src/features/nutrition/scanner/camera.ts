/** Why the camera gives no picture, each with its own sentence for the person. */
export type CameraRefusal = 'insecure' | 'noCamera' | 'denied' | 'failed';

/** The rear camera on a phone (any camera elsewhere), or why there is none. */
export async function openCamera(): Promise<MediaStream | { refusal: CameraRefusal }> {
  // Browsers offer the camera only to https pages and localhost.
  if (!window.isSecureContext) return { refusal: 'insecure' };
  if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return { refusal: 'noCamera' };
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') return { refusal: 'denied' };
    if (name === 'NotFoundError' || name === 'OverconstrainedError') return { refusal: 'noCamera' };
    return { refusal: 'failed' };
  }
}

/** Turns the camera off (its light too). */
export function closeCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
