import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Modal } from '@/components/ui/modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { adminMessages, subjectCreateBody, type AdminSubject, type SubjectFileType } from '@app/contracts';
import { ApiError } from '@/lib/api-client';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { FileField } from '../../components/fields';
import { ModalForm } from '../../components/modal-form';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useCreateSubject, type SubjectInput } from '../api/create-subject';
import { readSavedUpload, useSaveChapterFile, type UploadProgress } from '../api/save-chapter-file';
import { useUpdateSubject } from '../api/update-subject';

interface SubjectFormValues {
  name: string;
  about: string;
  position: string;
  file_type: SubjectFileType;
  url: string;
}

const fields = ['name', 'about', 'position', 'file_type', 'url'] as const;

export const fileTypeLabels: Record<SubjectFileType, string> = {
  pdf: 'PDF',
  video: 'MP4 video',
  youtube: 'YouTube video',
  link: 'External link',
};
const takesFile = (type: SubjectFileType): type is 'pdf' | 'video' => type === 'pdf' || type === 'video';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Bytes sent of the file, as a bar and in words. */
function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const percent = progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  return (
    <div className="mt-2">
      {/* Nested: react-bootstrap puts the aria props on the inner bar only this way. */}
      <ProgressBar>
        <ProgressBar now={percent} label={`${percent}%`} aria-label="Upload progress" />
      </ProgressBar>
      <div className="small text-body-secondary mt-1">
        {megabytes(progress.sent)} of {megabytes(progress.total)} sent
      </div>
    </div>
  );
}

// A stored-file chapter has no URL: the hidden URL field is not part of what is checked and sent.
const resolver = formResolver<SubjectFormValues, SubjectInput>(subjectCreateBody, (values) =>
  takesFile(values.file_type) ? { ...values, url: undefined } : values,
);

interface SubjectFormModalProps {
  termId: number;
  /** The chapter to edit; a new one when absent. */
  subject?: AdminSubject;
  nextPosition: number;
  onClose: () => void;
}

/** Add or edit a chapter: upload a PDF or MP4, or give a YouTube or external https link. */
export function SubjectFormModal({ termId, subject, nextPosition, onClose }: SubjectFormModalProps) {
  const create = useCreateSubject(termId);
  const update = useUpdateSubject(termId);
  const saveFile = useSaveChapterFile(termId);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [fileError, setFileError] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SubjectFormValues, unknown, SubjectInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      name: subject?.name ?? '',
      about: subject?.about ?? '',
      position: String(subject?.position ?? nextPosition),
      file_type: subject?.file_type ?? 'pdf',
      url: subject?.url ?? '',
    },
  });
  const fileType = useWatch({ control, name: 'file_type' });
  // A new file chapter, or one switching to a file type, needs its file; otherwise the stored one stays.
  const isFileRequired = takesFile(fileType) && (!subject || !subject.has_file || subject.file_type !== fileType);

  // The same file chosen again after a failure or a reload: its parts already sent are kept.
  const resumable = file && takesFile(fileType) ? readSavedUpload(file, termId, fileType) : null;
  const resumeHint =
    resumable && !isSubmitting && resumable.done.length > 0
      ? `${resumable.done.length} of ${resumable.part_count} parts of this file were sent before; saving continues from there.`
      : undefined;

  const onSubmit = handleSubmit(async (values) => {
    if (isFileRequired && !file) {
      setFileError(adminMessages.fileRequired);
      return;
    }
    const kind = values.file_type;
    const upload = takesFile(kind) ? file : null;
    try {
      if (upload && takesFile(kind)) {
        setProgress({ sent: 0, total: upload.size });
        await saveFile.mutateAsync({
          termId,
          subjectId: subject?.id,
          body: values,
          kind,
          file: upload,
          onProgress: setProgress,
        });
      } else if (subject) await update.mutateAsync({ id: subject.id, body: values, file: null });
      else await create.mutateAsync({ termId, body: values, file: null });
      notifications.success(subject ? 'Chapter saved.' : 'Chapter added.');
      onClose();
    } catch (error) {
      const message = error instanceof ApiError && error.status === 422 ? error.errors.file?.[0] : undefined;
      if (message) setFileError(message);
      // The bar stays where the upload stopped; Save again resumes a direct upload from there.
      showServerError(error, { setError, fields: message ? [...fields, 'file'] : fields });
    }
  });

  return (
    <Modal show onHide={onClose} centered aria-labelledby="subject-form-title">
      <ModalForm
        titleId="subject-form-title"
        title={subject ? 'Edit chapter' : 'Add a chapter'}
        submitLabel={subject ? 'Save chapter' : 'Add chapter'}
        isBusy={isSubmitting}
        onSubmit={onSubmit}
        onClose={onClose}
      >
        <TextField id="subject-name" label="Name" registration={register('name')} error={errors.name?.message} />
        <TextAreaField
          id="subject-about"
          label="About"
          rows={2}
          registration={register('about')}
          error={errors.about?.message}
        />
        <TextField
          id="subject-position"
          label="Position"
          type="number"
          min={0}
          step={1}
          registration={register('position')}
          error={errors.position?.message}
        />
        <SelectField
          id="subject-type"
          label="Content"
          registration={register('file_type')}
          error={errors.file_type?.message}
        >
          {(Object.keys(fileTypeLabels) as SubjectFileType[]).map((type) => (
            <option key={type} value={type}>
              {fileTypeLabels[type]}
            </option>
          ))}
        </SelectField>
        {takesFile(fileType) ? (
          <>
            <FileField
              id="subject-file"
              className="mb-0"
              label={fileType === 'pdf' ? 'PDF file' : 'MP4 file'}
              accept={fileType === 'pdf' ? 'application/pdf,.pdf' : 'video/mp4,.mp4'}
              hint={resumeHint ?? (isFileRequired ? undefined : 'Leave empty to keep the current file.')}
              error={fileError}
              disabled={isSubmitting}
              onFile={(chosen) => {
                setFile(chosen);
                setFileError(undefined);
                setProgress(null);
              }}
            />
            {progress && <UploadProgressBar progress={progress} />}
          </>
        ) : (
          <TextField
            id="subject-url"
            label={fileType === 'youtube' ? 'YouTube URL' : 'Link (https://)'}
            type="url"
            className="mb-0"
            placeholder={fileType === 'youtube' ? 'https://www.youtube.com/watch?v=…' : 'https://'}
            registration={register('url')}
            error={errors.url?.message}
          />
        )}
      </ModalForm>
    </Modal>
  );
}
