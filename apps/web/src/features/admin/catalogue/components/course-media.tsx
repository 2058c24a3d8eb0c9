import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { z } from 'zod';
import { adminMessages, httpsUrlField, type AdminCourse } from '@app/contracts';
import { ApiError } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { FileField } from '../../components/fields';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useUpdateCourse } from '../api/update-course';
import { useUploadCourseImage } from '../api/upload-course-image';
import { useUploadCourseVideo } from '../api/upload-course-video';

/** The 422 message about the uploaded file, if that is what the server refused. */
const fileErrorOf = (error: unknown) =>
  error instanceof ApiError && error.status === 422 ? error.errors.file?.[0] : undefined;

interface UploadProps {
  id: string;
  label: string;
  accept: string;
  hint: string;
  buttonLabel: string;
  upload: (file: File) => Promise<unknown>;
  successMessage: string;
}

/** Pick a file, send it; the server's verdict on the file shows under the picker. */
function UploadForm({ id, label, accept, hint, buttonLabel, upload, successMessage }: UploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(adminMessages.fileRequired);
      return;
    }
    setIsBusy(true);
    try {
      await upload(file);
      notifications.success(successMessage);
      setFile(null);
      setError(undefined);
      setInputKey((key) => key + 1);
    } catch (failure) {
      const message = fileErrorOf(failure);
      if (message) setError(message);
      else showServerError(failure);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={onSubmit}>
      <FileField
        key={inputKey}
        id={id}
        label={label}
        accept={accept}
        hint={hint}
        error={error}
        onFile={(chosen) => {
          setFile(chosen);
          setError(undefined);
        }}
        action={
          <SubmitButton isBusy={isBusy} variant="outline-primary">
            {buttonLabel}
          </SubmitButton>
        }
      />
    </Form>
  );
}

const videoUrlBody = z.object({ video_url: httpsUrlField });
type VideoUrlValues = { video_url: string };

/** The course's image and demo video: upload either, or point the video at an https URL. */
export function CourseMedia({ course }: { course: AdminCourse }) {
  const uploadImage = useUploadCourseImage();
  const uploadVideo = useUploadCourseVideo();
  const update = useUpdateCourse();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<VideoUrlValues, unknown, z.output<typeof videoUrlBody>>({
    resolver: formResolver(videoUrlBody),
    mode: 'onTouched',
    defaultValues: { video_url: '' },
  });

  const onSaveUrl = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: course.id, body: { video_url: values.video_url } });
      notifications.success('Demo video saved.');
      reset({ video_url: '' });
    } catch (error) {
      showServerError(error, { setError, fields: ['video_url'] });
    }
  });

  const onRemoveVideo = async () => {
    try {
      await update.mutateAsync({ id: course.id, body: { video_url: null } });
      notifications.success('Demo video removed.');
    } catch (error) {
      showServerError(error);
    }
  };

  const imageUrl = mediaUrl(course.photo_path);
  const videoUrl = mediaUrl(course.video_path);
  return (
    <>
      <h3 className="h6">Image</h3>
      {imageUrl ? (
        <img src={imageUrl} alt={`${course.name} image`} className="admin-preview-image mb-2 d-block" />
      ) : (
        <p className="text-body-secondary small">No image yet.</p>
      )}
      <UploadForm
        id={`course-${course.id}-image`}
        label="Upload an image"
        accept="image/png,image/gif,image/jpeg"
        hint="PNG, GIF or JPEG, at most 2 MB."
        buttonLabel="Upload image"
        successMessage="Image saved."
        upload={(file) => uploadImage.mutateAsync({ id: course.id, file })}
      />
      <hr />
      <h3 className="h6">Demo video</h3>
      {videoUrl ? (
        <p className="small d-flex flex-wrap align-items-center gap-2">
          <a href={videoUrl} target="_blank" rel="noreferrer" className="text-break">
            {videoUrl}
          </a>
          <Button size="sm" variant="outline-danger" disabled={update.isPending} onClick={() => void onRemoveVideo()}>
            Remove video
          </Button>
        </p>
      ) : (
        <p className="text-body-secondary small">No demo video yet.</p>
      )}
      <UploadForm
        id={`course-${course.id}-video`}
        label="Upload an MP4"
        accept="video/mp4"
        hint="MP4 video."
        buttonLabel="Upload video"
        successMessage="Demo video saved."
        upload={(file) => uploadVideo.mutateAsync({ id: course.id, file })}
      />
      <Form noValidate onSubmit={onSaveUrl}>
        <Form.Group controlId={`course-${course.id}-video-url`}>
          <Form.Label>…or give its URL</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              type="url"
              placeholder="https://"
              {...register('video_url')}
              isInvalid={Boolean(errors.video_url)}
              aria-invalid={errors.video_url ? true : undefined}
              aria-describedby={errors.video_url ? `course-${course.id}-video-url-error` : undefined}
            />
            <SubmitButton isBusy={isSubmitting} variant="outline-primary">
              Save URL
            </SubmitButton>
            {errors.video_url && (
              <Form.Control.Feedback id={`course-${course.id}-video-url-error`} type="invalid">
                {errors.video_url.message}
              </Form.Control.Feedback>
            )}
          </InputGroup>
        </Form.Group>
      </Form>
    </>
  );
}
