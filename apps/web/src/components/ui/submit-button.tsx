import type { ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

/** The English busy text; components show `t('common:busy')`, its translation. */
export const busyLabel = 'Please Wait....';

/** A submit button that reads 'Please Wait....' and is disabled while its form is busy. */
export function SubmitButton({ isBusy, children, ...props }: ButtonProps & { isBusy: boolean; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Button type="submit" variant="primary" {...props} disabled={isBusy || props.disabled}>
      {isBusy ? (
        <>
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          {t('busy')}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
