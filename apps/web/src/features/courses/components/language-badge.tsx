import Badge from 'react-bootstrap/Badge';
import { courseLanguageNames, type CourseLanguage } from '@app/contracts';

/** The language a course is taught in, as a small badge ("Hindi"). */
export function LanguageBadge({ language, className = '' }: { language: CourseLanguage; className?: string }) {
  return (
    <Badge bg="light" text="dark" className={`border fw-normal ${className}`}>
      <span className="visually-hidden">Language: </span>
      {courseLanguageNames[language]}
    </Badge>
  );
}
