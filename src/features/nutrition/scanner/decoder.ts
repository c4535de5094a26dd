import { SCANNED_FORMATS } from '@/domain/barcodes';

/** A code found in a frame, as the Barcode Detection API names it. */
export interface DetectedCode {
  format: string;
  rawValue: string;
}

/** What reads codes from the camera's frames: the browser's own detector, or the WebAssembly one. */
export interface BarcodeDecoder {
  kind: 'native' | 'webAssembly';
  detect: (frame: HTMLVideoElement) => Promise<DetectedCode[]>;
}

interface NativeDetector {
  detect: (source: HTMLVideoElement) => Promise<DetectedCode[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats: () => Promise<string[]>;
}

/** The browser's BarcodeDetector, where it has one (Android, ChromeOS and macOS Chromium; not desktop Linux). */
function nativeDetectorClass(): NativeDetectorClass | null {
  const candidate: unknown = Reflect.get(globalThis, 'BarcodeDetector');
  return typeof candidate === 'function' ? (candidate as NativeDetectorClass) : null;
}

/**
 * The browser's detector when it reads every product format, else the WebAssembly one, whose code
 * and .wasm file are fetched only now, from the app's own origin.
 */
export async function barcodeDecoder(): Promise<BarcodeDecoder> {
  const Native = nativeDetectorClass();
  if (Native) {
    const supported = await Native.getSupportedFormats().catch((): string[] => []);
    if (SCANNED_FORMATS.every((format) => supported.includes(format))) {
      const detector = new Native({ formats: [...SCANNED_FORMATS] });
      return { kind: 'native', detect: (frame) => detector.detect(frame) };
    }
  }
  const { webAssemblyDecoder } = await import('./webAssemblyDecoder');
  return webAssemblyDecoder();
}
