import { useState } from 'react';
import { mediaUrl } from '@/lib/media';

export const COURSE_PLACEHOLDER = '/images/course-placeholder.svg';

interface CourseImageProps {
  path: string | null;
  alt?: string;
  className?: string;
  /** The first picture of the page, likely its largest paint: fetched at once, ahead of the others. */
  isPriority?: boolean;
}

/** A course picture; the placeholder when there is none or it fails to load. */
export function CourseImage({ path, alt = '', className = '', isPriority = false }: CourseImageProps) {
  const [hasFailed, setHasFailed] = useState(false);
  const src = (!hasFailed && mediaUrl(path)) || COURSE_PLACEHOLDER;
  return (
    <img
      src={src}
      alt={alt}
      className={`course-image ${className}`}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : undefined}
      onError={() => setHasFailed(true)}
    />
  );
}
