import Modal from 'react-bootstrap/Modal';
import type { CourseItem } from '@app/contracts';
import { mediaUrl } from '@/lib/media';

/** The course's demo video in a player. */
export function DemoVideoModal({ course, onHide }: { course: CourseItem | null; onHide: () => void }) {
  const src = mediaUrl(course?.video_path);
  return (
    <Modal show={course !== null && src !== null} onHide={onHide} centered size="lg" aria-labelledby="demo-video-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="demo-video-title" as="h2" className="h5">{course ? `Demo: ${course.name}` : 'Demo'}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0 bg-black">
        {src && (
          <video key={src} src={src} controls autoPlay playsInline className="w-100 d-block demo-video">
            Your browser cannot play this video.
          </video>
        )}
      </Modal.Body>
    </Modal>
  );
}
