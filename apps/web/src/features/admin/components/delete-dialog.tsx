import type { ReactNode } from 'react';
import { notifications } from '@/components/ui/notifications';
import { showServerError } from '../utils/server-errors';
import { ConfirmDialog } from './confirm-dialog';

interface DeleteDialogProps<T extends { id: number }> {
  /** What is to be deleted; the dialog is open while there is one. */
  item: T | null;
  /** The list's delete, by id. */
  remove: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
  title: string;
  /** The toast once it is gone, e.g. 'Batch deleted.' */
  deletedMessage: string;
  /** What deleting it means. */
  children: (item: T) => ReactNode;
  /** Called when the dialog is done: cancelled, deleted or refused. */
  onClose: () => void;
}

/** "Delete …?" for an item of a list, then the delete: a toast when done, the server's reason when refused. */
export function DeleteDialog<T extends { id: number }>({
  item,
  remove,
  title,
  deletedMessage,
  children,
  onClose,
}: DeleteDialogProps<T>) {
  const onConfirm = async () => {
    if (!item) return;
    try {
      await remove.mutateAsync(item.id);
      notifications.success(deletedMessage);
    } catch (error) {
      showServerError(error);
    } finally {
      onClose();
    }
  };
  return (
    <ConfirmDialog
      subject={item}
      title={title}
      confirmLabel="Delete"
      isBusy={remove.isPending}
      onConfirm={() => void onConfirm()}
      onCancel={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}
