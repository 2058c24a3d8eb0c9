import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { indiaToday } from '@app/contracts';
import { TextField } from '@/components/ui/form';

/** 'Date of Birth' at choose-level (issue 16): why it is asked, under the field. */
export function DateOfBirthField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const { t } = useTranslation('consent');
  return (
    <div className="mb-4">
      <TextField
        id="batch-date-of-birth"
        label={t('dob.label')}
        type="date"
        autoComplete="bday"
        max={indiaToday(new Date())}
        registration={registration}
        error={error}
        className="mb-1"
        aria-describedby="batch-date-of-birth-help"
      />
      <p id="batch-date-of-birth-help" className="small text-body-secondary mb-0">
        {t('dob.help')}
      </p>
    </div>
  );
}
