import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { SCANNED_FORMATS } from '@/domain/barcodes';
import type { BarcodeDecoder } from './decoder';

/**
 * The Barcode Detection API's ponyfill over zxing-wasm. Its .wasm file is the build's own asset
 * (the package would otherwise fetch it from a CDN, which the CSP refuses and privacy forbids).
 */
export async function webAssemblyDecoder(): Promise<BarcodeDecoder> {
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  const detector = new BarcodeDetector({ formats: [...SCANNED_FORMATS] });
  return { kind: 'webAssembly', detect: (frame) => detector.detect(frame) };
}
