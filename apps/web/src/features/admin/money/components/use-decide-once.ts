import { useRef } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type { SettleData } from '@app/contracts';
import { ApiError } from '@/lib/api-client';
import { showServerError } from '../../utils/server-errors';

/**
 * The send of a dialog that decides a withdrawal (settle it, record it returned by the bank): one request however
 * fast the button is clicked again; a refusal shown where it belongs; one that leaves nothing to do in the dialog
 * (400: decided by another operator meanwhile; 404: gone) closes it.
 */
export function useDecideOnce<Body, Values extends FieldValues>(options: {
  request: (body: Body) => Promise<{ data: SettleData; message: string }>;
  /** The form's, for the field errors of a 422. */
  setError: UseFormSetError<Values>;
  fields: readonly string[];
  onDecided: (result: SettleData, message: string) => void;
  onClose: () => void;
}): (values: Body) => Promise<void> {
  const isSending = useRef(false);
  return async (values) => {
    if (isSending.current) return;
    isSending.current = true;
    try {
      const { data, message } = await options.request(values);
      options.onDecided(data, message);
    } catch (error) {
      isSending.current = false;
      showServerError(error, { setError: options.setError, fields: options.fields });
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) options.onClose();
    }
  };
}
