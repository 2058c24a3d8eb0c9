import { useState } from 'react';
import { mediaUrl } from '@/lib/media';

const PLACEHOLDER = '/images/course-placeholder.svg';

/** A course picture; the placeholder when there is none or it fails to load. */
export function CourseThumbnail({ path, className = '' }: { path: string | null; className?: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <img
      src={(!hasFailed && mediaUrl(path)) || PLACEHOLDER}
      alt=""
      loading="lazy"
      className={`learn-thumbnail ${className}`}
      onError={() => setHasFailed(true)}
    />
  );
}
