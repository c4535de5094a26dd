import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/FormError';
import { Popup } from '@/components/Popup';
import { PHOTO_POSES, type PhotoPose } from '@/domain/progressPhotos';
import { currentLanguage, useT, type MessageId } from '@/i18n';
import { addPhoto, deletePhoto, loadPhotoBlob, loadPhotos, type ProgressPhoto } from './api';
import { preparePhoto } from './prepare';

const POSE_LABELS: Readonly<Record<PhotoPose, MessageId>> = {
  front: 'weight.photos.pose.front',
  side: 'weight.photos.pose.side',
  back: 'weight.photos.pose.back',
};

/** Where the divider starts, and its range: the share of the earlier photo shown, in percent. */
const SPLIT_START = 50;
const SPLIT_MIN = 0;
const SPLIT_MAX = 100;

/** Today as the date input writes it, in the person's own time zone. */
function todayInput(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** A day from a date input, stored at noon UTC so it reads as the same day everywhere. */
function dayOf(value: string): Date {
  return new Date(`${value}T12:00:00Z`);
}

function formatDay(date: Date): string {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Object URLs of the photos' pictures, downloaded with the session; revoked when they go. */
function usePictures(photos: readonly ProgressPhoto[]): Readonly<Record<string, string>> {
  const [pictures, setPictures] = useState<Record<string, string>>({});
  const made = useRef(new Map<string, string>());
  useEffect(() => {
    let current = true;
    for (const photo of photos) {
      if (made.current.has(photo.id)) continue;
      made.current.set(photo.id, '');
      void loadPhotoBlob(photo.url).then(
        (blob) => {
          const url = URL.createObjectURL(blob);
          made.current.set(photo.id, url);
          if (current) setPictures((shown) => ({ ...shown, [photo.id]: url }));
        },
        () => made.current.delete(photo.id),
      );
    }
    return () => {
      current = false;
    };
  }, [photos]);
  useEffect(() => {
    const urls = made.current;
    return () => urls.forEach((url) => url && URL.revokeObjectURL(url));
  }, []);
  return pictures;
}

/** Two photos on top of each other; the range input moves the divider between them. */
function CompareSlider({
  before,
  after,
  pictures,
}: {
  before: ProgressPhoto;
  after: ProgressPhoto;
  pictures: Readonly<Record<string, string>>;
}) {
  const t = useT();
  const [split, setSplit] = useState(SPLIT_START);
  const beforeUrl = pictures[before.id];
  const afterUrl = pictures[after.id];
  return (
    <div className="photo-compare">
      <div className="photo-compare-frame" style={{ aspectRatio: `${after.width} / ${after.height}` }}>
        {afterUrl && <img src={afterUrl} alt={t('weight.photos.alt', { date: formatDay(after.takenOn) })} />}
        {beforeUrl && (
          <img
            className="photo-compare-before"
            src={beforeUrl}
            alt={t('weight.photos.alt', { date: formatDay(before.takenOn) })}
            style={{ clipPath: `inset(0 ${SPLIT_MAX - split}% 0 0)` }}
          />
        )}
        <div className="photo-compare-divider" style={{ left: `${split}%` }} aria-hidden="true" />
      </div>
      <label className="form-field photo-compare-range">
        <span>{t('weight.photos.divider')}</span>
        <input
          type="range"
          min={SPLIT_MIN}
          max={SPLIT_MAX}
          step={1}
          value={split}
          aria-valuetext={t('weight.photos.dividerValue', {
            before: formatDay(before.takenOn),
            after: formatDay(after.takenOn),
            percent: split,
          })}
          onChange={(event) => setSplit(Number(event.currentTarget.value))}
        />
      </label>
    </div>
  );
}

/**
 * Progress photos on the weight page: add one (a picture, its day and pose), see them by day,
 * open one, delete it, and compare two days with a slider. Pictures leave the device re-drawn,
 * without metadata (./prepare.ts), and come back only to their owner.
 */
export default function ProgressPhotos() {
  const t = useT();
  const formId = useId();
  const [photos, setPhotos] = useState<ProgressPhoto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [poseFilter, setPoseFilter] = useState<PhotoPose | 'all'>('all');
  const [viewing, setViewing] = useState<ProgressPhoto | null>(null);
  const [beforeId, setBeforeId] = useState('');
  const [afterId, setAfterId] = useState('');
  const pictures = usePictures(photos ?? []);

  const reload = () =>
    loadPhotos().then(
      (loaded) => {
        setPhotos(loaded);
        setLoadError(null);
      },
      (error: unknown) => setLoadError(messageOf(error)),
    );
  useEffect(() => {
    void reload();
  }, []);

  const shown = useMemo(
    () => (photos ?? []).filter((photo) => poseFilter === 'all' || photo.pose === poseFilter),
    [photos, poseFilter],
  );
  const days = useMemo(() => {
    const byDay = new Map<string, ProgressPhoto[]>();
    for (const photo of shown) {
      const day = photo.takenOn.toISOString().slice(0, 10);
      byDay.set(day, [...(byDay.get(day) ?? []), photo]);
    }
    return [...byDay.entries()];
  }, [shown]);
  // By default the oldest and the newest photo shown are compared.
  const before = shown.find((photo) => photo.id === beforeId) ?? shown.at(-1);
  const after = shown.find((photo) => photo.id === afterId) ?? shown[0];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const picture = data.get('picture');
    const takenOn = data.get('takenOn');
    const pose = data.get('pose') as PhotoPose;
    if (!(picture instanceof File) || picture.size === 0) {
      setFormError(t('weight.photos.choose'));
      return;
    }
    if (typeof takenOn !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(takenOn)) {
      setFormError(t('weight.photos.dateNeeded'));
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const prepared = await preparePhoto(picture);
      await addPhoto(prepared, dayOf(takenOn), pose);
      form.reset();
      await reload();
    } catch (error) {
      setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove(photo: ProgressPhoto) {
    setBusy(true);
    try {
      await deletePhoto(photo.id);
      setViewing(null);
      await reload();
    } catch (error) {
      setLoadError(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  const option = (photo: ProgressPhoto) => (
    <option key={photo.id} value={photo.id}>
      {`${formatDay(photo.takenOn)} · ${t(POSE_LABELS[photo.pose])}`}
    </option>
  );

  return (
    <section className="card progress-photos" aria-labelledby={`${formId}-heading`}>
      <div className="card-header">
        <h2 id={`${formId}-heading`}>{t('weight.photos.title')}</h2>
      </div>
      <p className="field-hint">{t('weight.photos.privacy')}</p>
      <form className="photo-form" onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <div className="form-field">
          <label htmlFor={`${formId}-picture`}>{t('weight.photos.picture')}</label>
          <input
            id={`${formId}-picture`}
            name="picture"
            type="file"
            // Any picture the browser can decode: it is drawn again as a JPEG before upload. No
            // `capture`, so phones offer the camera and the gallery both.
            accept="image/*"
            disabled={busy}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${formId}-date`}>{t('weight.photos.date')}</label>
          <input id={`${formId}-date`} name="takenOn" type="date" defaultValue={todayInput()} required />
        </div>
        <div className="form-field">
          <label htmlFor={`${formId}-pose`}>{t('weight.photos.pose')}</label>
          <select id={`${formId}-pose`} name="pose" defaultValue="front">
            {PHOTO_POSES.map((pose) => (
              <option key={pose} value={pose}>
                {t(POSE_LABELS[pose])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? t('weight.photos.adding') : t('weight.photos.add')}
        </button>
        <FormError>{formError}</FormError>
      </form>
      <FormError>{loadError}</FormError>
      {photos !== null && photos.length > 0 && (
        <div className="form-field photo-filter">
          <label htmlFor={`${formId}-filter`}>{t('weight.photos.filter')}</label>
          <select
            id={`${formId}-filter`}
            value={poseFilter}
            onChange={(event) => setPoseFilter(event.currentTarget.value as PhotoPose | 'all')}
          >
            <option value="all">{t('weight.photos.allPoses')}</option>
            {PHOTO_POSES.map((pose) => (
              <option key={pose} value={pose}>
                {t(POSE_LABELS[pose])}
              </option>
            ))}
          </select>
        </div>
      )}
      {photos !== null && shown.length === 0 && <p className="empty-note">{t('weight.photos.empty')}</p>}
      {days.map(([day, dayPhotos]) => (
        <div key={day} className="photo-day">
          <h3>{formatDay(dayOf(day))}</h3>
          <ul className="photo-grid">
            {dayPhotos.map((photo) => (
              <li key={photo.id}>
                <button type="button" className="photo-thumb" onClick={() => setViewing(photo)}>
                  {pictures[photo.id] ? (
                    <img src={pictures[photo.id]} alt="" />
                  ) : (
                    <span className="photo-thumb-placeholder" aria-hidden="true" />
                  )}
                  <span>
                    {t('weight.photos.open', {
                      pose: t(POSE_LABELS[photo.pose]),
                      date: formatDay(photo.takenOn),
                    })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {before && after && before.id !== after.id && (
        <div className="photo-compare-card">
          <h3>{t('weight.photos.compare')}</h3>
          <div className="photo-compare-choices">
            <div className="form-field">
              <label htmlFor={`${formId}-before`}>{t('weight.photos.before')}</label>
              <select
                id={`${formId}-before`}
                value={before.id}
                onChange={(event) => setBeforeId(event.currentTarget.value)}
              >
                {shown.map(option)}
              </select>
            </div>
            <div className="form-field">
              <label htmlFor={`${formId}-after`}>{t('weight.photos.after')}</label>
              <select
                id={`${formId}-after`}
                value={after.id}
                onChange={(event) => setAfterId(event.currentTarget.value)}
              >
                {shown.map(option)}
              </select>
            </div>
          </div>
          <CompareSlider before={before} after={after} pictures={pictures} />
        </div>
      )}
      <Popup
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={
          viewing
            ? t('weight.photos.open', {
                pose: t(POSE_LABELS[viewing.pose]),
                date: formatDay(viewing.takenOn),
              })
            : ''
        }
      >
        {viewing && (
          <div className="photo-view">
            {pictures[viewing.id] && (
              <img
                src={pictures[viewing.id]}
                alt={t('weight.photos.alt', { date: formatDay(viewing.takenOn) })}
              />
            )}
            <button
              type="button"
              className="button-danger"
              disabled={busy}
              onClick={() => void remove(viewing)}
            >
              {t('weight.photos.delete')}
            </button>
          </div>
        )}
      </Popup>
    </section>
  );
}
