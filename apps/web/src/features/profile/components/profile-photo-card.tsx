import { useId, useRef, useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { PHOTO_MAX_BYTES, profileMessages, type ProfileData } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { useAppMessage } from '@/lib/i18n';
import { mediaUrl } from '@/lib/media';
import { notifications } from '@/components/ui/notifications';
import { useRemoveProfilePhoto } from '../api/remove-profile-photo';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';

export const fallbackPhotoUrl = '/images/avatar.svg';
/** png, gif and jpeg only (docs/product/profile.md#photo). */
export const acceptedPhotoTypes = ['image/png', 'image/gif', 'image/jpeg'] as const;

/** The client's check before uploading; the server checks the content again. Null when fine. */
export function photoProblem(file: File): string | null {
  if (!(acceptedPhotoTypes as readonly string[]).includes(file.type)) return profileMessages.photoType;
  if (file.size > PHOTO_MAX_BYTES) return profileMessages.photoTooLarge;
  return null;
}

/** The profile card: photo with upload (and its progress) and remove; errors in a browser alert (docs/product/profile.md#photo). */
export function ProfilePhotoCard({ profile }: { profile: ProfileData }) {
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const { t } = useTranslation('profile');
  const appMessage = useAppMessage();
  const photo = mediaUrl(profile.profile_photo_path);
  const isBusy = upload.isPending || remove.isPending;

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      window.alert(appMessage(problem));
      return;
    }
    setProgress(0);
    try {
      const { message } = await upload.mutateAsync({ file, onProgress: setProgress });
      notifications.success(message);
    } catch (error) {
      window.alert(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const onRemove = async () => {
    try {
      const { message } = await remove.mutateAsync();
      notifications.success(message);
    } catch (error) {
      window.alert(errorMessage(error));
    }
  };

  return (
    <Card className="border-0 shadow-sm">
      <Card.Body className="p-4 text-center">
        <img
          key={photo ?? 'fallback'}
          src={photo ?? fallbackPhotoUrl}
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(fallbackPhotoUrl)) event.currentTarget.src = fallbackPhotoUrl;
          }}
          alt={photo ? t('photo.alt') : t('photo.altNone')}
          width={128}
          height={128}
          className="rounded-circle object-fit-cover border mb-3"
        />
        <h2 className="h5 mb-1 text-break">{`${profile.first_name} ${profile.last_name}`}</h2>
        <p className="text-body-secondary small mb-3 text-break">{profile.email}</p>
        {progress !== null && (
          <div
            className="progress mb-3"
            role="progressbar"
            aria-label={t('photo.progress')}
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div
              className="progress-bar progress-bar-striped progress-bar-animated bg-primary"
              style={{ width: `${progress}%` }}
            >{`${progress}%`}</div>
          </div>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={acceptedPhotoTypes.join(',')}
          className="d-none"
          onChange={(event) => void onFileChosen(event)}
          aria-label={t('photo.fileLabel')}
        />
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Button variant="primary" size="sm" disabled={isBusy} onClick={() => inputRef.current?.click()}>
            {upload.isPending ? t('photo.uploading') : t('photo.upload')}
          </Button>
          {photo && (
            <Button variant="outline-danger" size="sm" disabled={isBusy} onClick={() => void onRemove()}>
              {t('photo.remove')}
            </Button>
          )}
        </div>
        <p className="small text-body-secondary mt-2 mb-0">{t('photo.rules')}</p>
      </Card.Body>
    </Card>
  );
}
