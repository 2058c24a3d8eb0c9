import { Modal } from '@/components/ui/modal';
import { useTranslation } from 'react-i18next';
import type { CourseItem } from '@app/contracts';
import { mediaUrl } from '@/lib/media';

/** The course's demo video in a player. */
export function DemoVideoModal({ course, onHide }: { course: CourseItem | null; onHide: () => void }) {
  const { t } = useTranslation('catalogue');
  const src = mediaUrl(course?.video_path);
  return (
    <Modal show={course !== null && src !== null} onHide={onHide} centered size="lg" aria-labelledby="demo-video-title">
      <Modal.Header closeButton closeLabel={t('details.close')}>
        <Modal.Title id="demo-video-title" as="h2" className="h5">
          {course ? t('demo.title', { name: course.name }) : t('demo.titleEmpty')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0 bg-black">
        {src && (
          <video key={src} src={src} controls autoPlay playsInline className="w-100 d-block demo-video">
            {t('demo.unsupported')}
          </video>
        )}
      </Modal.Body>
    </Modal>
  );
}
