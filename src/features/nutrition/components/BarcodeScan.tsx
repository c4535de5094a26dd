import { Camera, CameraOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { barcodeQuery, scannedBarcode } from '@/domain/barcodes';
import { foodRules } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import type { FoodRow } from '@/domain/nutrition';
import { useT, type MessageId } from '@/i18n';
import { errorSentence } from '@/lib/errors';
import { findFoodByBarcode } from '../api';
import './BarcodeScan.css';
import { closeCamera, openCamera, type CameraRefusal } from '../scanner/camera';
import { barcodeDecoder, type BarcodeDecoder } from '../scanner/decoder';

export interface BarcodeScanProps {
  /** Foods already on this device, where a code is looked for without a network. */
  foodsOnDevice: readonly FoodRow[];
  onFound: (food: FoodRow) => void;
  /** A code no food has: the person may make one for it. */
  onCreate: (code: string) => void;
}

type CameraState =
  | { kind: 'off' }
  | { kind: 'starting' }
  | { kind: 'on'; decoder: BarcodeDecoder['kind'] }
  | { kind: 'refused'; refusal: CameraRefusal | 'decoder' };

type Lookup =
  | { kind: 'idle' }
  | { kind: 'looking'; code: string }
  | { kind: 'unknown'; code: string }
  | { kind: 'needsConnection'; code: string }
  | { kind: 'failed'; message: string };

const REFUSALS: Readonly<Record<CameraRefusal | 'decoder', MessageId>> = {
  insecure: 'nutrition.scan.insecure',
  noCamera: 'nutrition.scan.noCamera',
  denied: 'nutrition.scan.denied',
  failed: 'nutrition.scan.failed',
  decoder: 'nutrition.scan.decoderFailed',
};

/**
 * The page's own timing of a scan, as bench/scan.ts reads it: the camera's first frame, and the
 * first code read (its detail names the decoder that read it).
 */
export const SCAN_MARKS = { firstFrame: 'scan:first-frame', decoded: 'scan:decoded' } as const;

/** Calls `onFrame` for each new frame the video shows, until the returned function is called. */
function everyFrame(video: HTMLVideoElement, onFrame: () => void): () => void {
  let stopped = false;
  let handle = 0;
  const next = () => {
    if (stopped) return;
    onFrame();
    handle =
      'requestVideoFrameCallback' in video
        ? video.requestVideoFrameCallback(next)
        : requestAnimationFrame(next);
  };
  handle =
    'requestVideoFrameCallback' in video
      ? video.requestVideoFrameCallback(next)
      : requestAnimationFrame(next);
  return () => {
    stopped = true;
    if ('cancelVideoFrameCallback' in video) video.cancelVideoFrameCallback(handle);
    else cancelAnimationFrame(handle);
  };
}

/**
 * "Scan a barcode": the camera's live view read for product codes, and the number typed by hand
 * beside it. A code found fills the window with its food; an unknown one offers to create it.
 */
export function BarcodeScan({ foodsOnDevice, onFound, onCreate }: BarcodeScanProps) {
  const t = useT();
  // Each start of the camera is a session of its own, so starting again after a refusal retries.
  const [session, setSession] = useState<number | null>(null);
  const open = session !== null;
  const [camera, setCamera] = useState<CameraState>({ kind: 'off' });
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const numberId = useId();
  const latest = useRef(0);

  const look = (code: string) => {
    const asked = ++latest.current;
    setLookup({ kind: 'looking', code });
    findFoodByBarcode(code, foodsOnDevice).then(
      (found) => {
        if (asked !== latest.current) return;
        if (found.kind === 'found') onFound(found.food);
        else setLookup(found);
      },
      (failure: unknown) => {
        if (asked === latest.current) setLookup({ kind: 'failed', message: errorSentence(failure) });
      },
    );
  };

  const scanning = open && (camera.kind === 'starting' || camera.kind === 'on');
  useEffect(() => {
    if (session === null) return;
    let stream: MediaStream | null = null;
    let stopFrames = () => {};
    let cancelled = false;
    const start = async () => {
      // The decoder loads while the person allows the camera.
      const decoding = barcodeDecoder().catch(() => null);
      const opened = await openCamera();
      if (cancelled) {
        if (!('refusal' in opened)) closeCamera(opened);
        return;
      }
      if ('refusal' in opened) {
        setCamera({ kind: 'refused', refusal: opened.refusal });
        return;
      }
      stream = opened;
      const decoder = await decoding;
      const video = videoRef.current;
      if (cancelled || !video) return;
      if (!decoder) {
        setCamera({ kind: 'refused', refusal: 'decoder' });
        closeCamera(stream);
        return;
      }
      setCamera({ kind: 'on', decoder: decoder.kind });
      performance.clearMarks(SCAN_MARKS.firstFrame);
      performance.clearMarks(SCAN_MARKS.decoded);
      video.srcObject = stream;
      let first = true;
      let busy = false;
      stopFrames = everyFrame(video, () => {
        if (first) performance.mark(SCAN_MARKS.firstFrame);
        first = false;
        if (busy) return;
        busy = true;
        decoder
          .detect(video)
          .then((codes) => {
            const code = codes
              .map((detected) => scannedBarcode(detected.format, detected.rawValue))
              .find((normal) => normal !== null);
            if (!code || cancelled) return;
            performance.mark(SCAN_MARKS.decoded, { detail: { decoder: decoder.kind } });
            cancelled = true;
            stopFrames();
            closeCamera(stream);
            setSession(null);
            look(code);
          })
          // A frame that cannot be read (not ready yet, say) is skipped; the next one is tried.
          .catch(() => undefined)
          .finally(() => {
            busy = false;
          });
      });
      await video.play().catch(() => undefined);
    };
    void start();
    return () => {
      cancelled = true;
      stopFrames();
      closeCamera(stream);
      setCamera({ kind: 'off' });
    };
    // `look` reads the latest foods on the device; the camera restarts only when opened again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  const findTyped = () => {
    const code = barcodeQuery(typed);
    if (code === null) {
      setTypedError(t('nutrition.scan.badNumber'));
      return;
    }
    setTypedError(null);
    setSession(null);
    look(code);
  };

  const status =
    lookup.kind === 'looking'
      ? t('nutrition.scan.lookingUp', { code: lookup.code })
      : lookup.kind === 'unknown'
        ? t('nutrition.scan.unknown', { code: lookup.code })
        : lookup.kind === 'needsConnection'
          ? t('nutrition.scan.needsConnection', { code: lookup.code })
          : lookup.kind === 'failed'
            ? lookup.message
            : camera.kind === 'refused'
              ? t(REFUSALS[camera.refusal])
              : camera.kind === 'starting'
                ? t('nutrition.scan.starting')
                : camera.kind === 'on'
                  ? t('nutrition.scan.looking')
                  : '';
  return (
    <div className="barcode-scan">
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          setLookup({ kind: 'idle' });
          setCamera({ kind: scanning ? 'off' : 'starting' });
          setSession(scanning ? null : (session ?? 0) + 1);
        }}
      >
        {scanning ? <CameraOff className="icon icon-lead" /> : <Camera className="icon icon-lead" />}
        {scanning ? t('nutrition.scan.stop') : t('nutrition.scan.open')}
      </button>
      <div className="barcode-panel">
        {open && camera.kind !== 'refused' ? (
          <video
            ref={videoRef}
            className="barcode-video"
            aria-label={t('nutrition.scan.preview')}
            muted
            playsInline
          />
        ) : null}
        <p role="status" className="search-status">
          {status}
        </p>
        {lookup.kind === 'unknown' ? (
          <button type="button" className="button-primary" onClick={() => onCreate(lookup.code)}>
            {t('nutrition.scan.create')}
          </button>
        ) : null}
        <div className="form-field barcode-number">
          <label htmlFor={numberId}>{t('nutrition.scan.typeNumber')}</label>
          <div className="input-with-button">
            <input
              id={numberId}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              {...inputLimits(foodRules.barcode)}
              value={typed}
              aria-invalid={typedError ? true : undefined}
              aria-describedby={typedError ? `${numberId}-error` : undefined}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                // Enter looks the number up instead of submitting the meal without a food.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                findTyped();
              }}
            />
            <button type="button" className="button-secondary" onClick={findTyped}>
              {t('nutrition.scan.find')}
            </button>
          </div>
          {typedError ? (
            <p id={`${numberId}-error`} className="field-error">
              {typedError}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
