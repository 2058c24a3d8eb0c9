import { useState } from 'react';
import { mediaUrl } from '@/lib/media';

export const COURSE_PLACEHOLDER = '/images/course-placeholder.svg';

/** A course picture; the placeholder when there is none or it fails to load. */
export function CourseImage({ path, alt = '', className = '' }: { path: string | null; alt?: string; className?: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  const src = (!hasFailed && mediaUrl(path)) || COURSE_PLACEHOLDER;
  return (
    <img
      src={src}
      alt={alt}
      className={`course-image ${className}`}
      loading="lazy"
      onError={() => setHasFailed(true)}
    />
  );
}
