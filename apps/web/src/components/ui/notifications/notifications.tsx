import CloseButton from 'react-bootstrap/CloseButton';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from 'react-i18next';
import { notifications, useNotifications } from './store';

/** Renders the alert toasts; each hides after 4 seconds (docs/product/app-shell.md#alerts). */
export function Notifications() {
  const { t } = useTranslation('common');
  const items = useNotifications();
  return (
    <ToastContainer position="top-end" containerPosition="fixed" className="p-3 notifications">
      {items.map((item) => (
        <Toast
          key={item.id}
          bg={item.variant}
          autohide
          delay={notifications.durationMs}
          onClose={() => notifications.dismiss(item.id)}
        >
          <div className="d-flex align-items-start gap-2 text-white">
            <Toast.Body className="flex-grow-1">{item.message}</Toast.Body>
            <CloseButton
              variant="white"
              className="m-2"
              aria-label={t('close')}
              onClick={() => notifications.dismiss(item.id)}
            />
          </div>
        </Toast>
      ))}
    </ToastContainer>
  );
}
