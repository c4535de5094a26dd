import { useEffect, useId, useState, type ReactNode } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
// Its styles as a stylesheet of the build: the <style> element it would inject is refused by the CSP.
import 'react-easy-crop/react-easy-crop.css';
import { useRevalidator } from 'react-router';
import { Popup } from '@/components/Popup';
import { SNIFF_BYTES, avatarFileProblem } from '@/domain/images';
import { t, useT } from '@/i18n';
import { errorSentence } from '@/lib/errors';
import { initials } from '@/lib/initials';
import { removeAvatar, uploadAvatar } from '../api';

export interface AvatarEditorProps {
  /** The stored picture's URL (`currentAvatarUrl()` in the page's loader), or null. */
  avatarUrl: string | null;
  /** The display name, or the username, for the initials shown without a picture. */
  name: string;
}

/** Side of the square picture that is stored, in pixels. */
const AVATAR_SIZE = 256;
/** The crop's zoom: 1 shows the whole picture's shorter side. */
const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

type Busy = 'saving' | 'removing' | null;
type Message = { kind: 'error' | 'done'; text: string } | null;

/** Draws the chosen square of the photo at AVATAR_SIZE, so only freshly encoded pixels are uploaded. */
async function cropToSquare(source: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(t('settings.avatar.cannotPrepare'));
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  // Browsers that cannot encode WebP hand back a PNG, which is fine too.
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.9));
  if (!blob) throw new Error(t('settings.avatar.notPrepared'));
  return blob;
}

/**
 * The person's picture: shows it (or their initials), takes a PNG, JPEG or WebP of up to 2 MB,
 * lets them crop a square of it, and stores or removes it.
 */
export function AvatarEditor({ avatarUrl, name }: AvatarEditorProps) {
  const t = useT();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  // What was saved here shows at once; the page's loader catches up when it revalidates.
  const [savedUrl, setSavedUrl] = useState<string | null | undefined>(undefined);
  const [source, setSource] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<Message>(null);
  const revalidator = useRevalidator();
  const shownUrl = savedUrl === undefined ? avatarUrl : savedUrl;

  useEffect(() => {
    if (!source) return undefined;
    return () => URL.revokeObjectURL(source);
  }, [source]);

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Choosing the same file again after a refusal or a cancel must fire another change.
    input.value = '';
    setMessage(null);
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const problem = avatarFileProblem(head, file.size);
    if (problem) {
      setMessage({ kind: 'error', text: problem.message });
      return;
    }
    setSource(URL.createObjectURL(file));
  };

  const save = async (area: Area) => {
    if (!source) return;
    setBusy('saving');
    setMessage(null);
    try {
      // The cropped picture is a Blob, so it goes to the api directly rather than through a form action.
      const url = await uploadAvatar(await cropToSquare(source, area));
      setSavedUrl(url);
      setSource(null);
      setMessage({ kind: 'done', text: t('settings.avatar.saved') });
      void revalidator.revalidate();
    } catch (error) {
      setMessage({ kind: 'error', text: errorSentence(error) });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('removing');
    setMessage(null);
    try {
      await removeAvatar();
      setSavedUrl(null);
      setMessage({ kind: 'done', text: t('settings.avatar.removed') });
      void revalidator.revalidate();
    } catch (error) {
      setMessage({ kind: 'error', text: errorSentence(error) });
    } finally {
      setBusy(null);
    }
  };

  const cancel = () => {
    if (busy) return;
    setSource(null);
    setMessage(null);
  };

  const notice = message ? (
    <p
      role={message.kind === 'error' ? 'alert' : 'status'}
      className={`form-${message.kind === 'error' ? 'error' : 'notice'}`}
    >
      {message.text}
    </p>
  ) : null;

  return (
    <div className="avatar-editor">
      {shownUrl ? (
        <img
          className="avatar-editor-picture"
          src={shownUrl}
          alt={t('settings.avatar.photo')}
          width={96}
          height={96}
        />
      ) : (
        <span
          className="avatar-editor-picture avatar-editor-initials"
          role="img"
          aria-label={t('settings.avatar.noPhoto')}
        >
          {initials(name)}
        </span>
      )}
      <div className="avatar-editor-controls">
        <div className="avatar-editor-actions">
          <input
            id={inputId}
            className="visually-hidden avatar-editor-file"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby={hintId}
            disabled={busy !== null}
            onChange={(event) => void choose(event.currentTarget)}
          />
          <label htmlFor={inputId} className="button-secondary avatar-editor-choose">
            {t('settings.avatar.choose')}
          </label>
          {shownUrl ? (
            <button
              type="button"
              className="button-secondary"
              disabled={busy !== null}
              onClick={() => void remove()}
            >
              {busy === 'removing' ? t('settings.avatar.removing') : t('settings.avatar.remove')}
            </button>
          ) : null}
        </div>
        <p id={hintId} className="field-hint">
          {t('settings.avatar.hint')}
        </p>
        {source ? null : notice}
      </div>
      <Popup open={source !== null} title={t('settings.avatar.cropTitle')} onClose={cancel}>
        {source ? (
          <CropForm
            source={source}
            busy={busy === 'saving'}
            notice={notice}
            onSave={save}
            onCancel={cancel}
          />
        ) : null}
      </Popup>
    </div>
  );
}

interface CropFormProps {
  source: string;
  busy: boolean;
  notice: ReactNode;
  onSave: (area: Area) => Promise<void>;
  onCancel: () => void;
}

function CropForm({ source, busy, notice, onSave, onCancel }: CropFormProps) {
  const t = useT();
  const zoomId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <div className="avatar-crop" aria-busy={busy}>
      <div className="avatar-crop-area">
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          maxZoom={MAX_ZOOM}
          aspect={1}
          cropShape="round"
          showGrid={false}
          disableAutomaticStylesInjection
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_area, pixels) => setArea(pixels)}
          mediaProps={{ alt: t('settings.avatar.cropImage') }}
          cropperProps={{
            role: 'group',
            'aria-label': t('settings.avatar.cropArea'),
          }}
        />
      </div>
      <div className="form-field avatar-crop-zoom">
        <label htmlFor={zoomId}>{t('settings.avatar.zoom')}</label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          disabled={busy}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </div>
      <p className="field-hint">{t('settings.avatar.cropHint')}</p>
      {notice}
      {busy ? (
        <p role="status" className="avatar-crop-progress">
          <progress aria-label={t('settings.avatar.savingLabel')} /> {t('settings.avatar.saving')}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="button-primary"
          disabled={busy || !area}
          onClick={() => {
            if (area) void onSave(area);
          }}
        >
          {t('settings.avatar.save')}
        </button>
        <button type="button" className="button-secondary" disabled={busy} onClick={onCancel}>
          {t('settings.cancel')}
        </button>
      </div>
    </div>
  );
}
