import Accordion from 'react-bootstrap/Accordion';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import type { FileType, TermItem } from '@app/contracts';
import { CheckIcon } from '@/components/ui/icons';

export interface SubjectChoice {
  termId: number;
  subjectId: number;
}

interface TermListProps {
  terms: TermItem[];
  openTermIds: string[];
  onToggleTerms: (termIds: string[]) => void;
  selectedSubjectId: number | null;
  studiedSubjectIds: ReadonlySet<number>;
  onOpenSubject: (choice: SubjectChoice) => void;
  /** Where a subject's quiz is. */
  quizHref: (subjectId: number) => string;
}

const fileTypeLabel: Record<FileType, string> = { pdf: 'PDF', youtube: 'YouTube', video: 'Video', link: 'Link' };

/**
 * The course's terms, each with a 'Quiz' link, expanding to its subjects. Quizzes belong to
 * subjects on the server, so every subject row has its own 'Quiz' link and the term's link opens
 * the quiz of its first subject.
 */
export function TermList({
  terms, openTermIds, onToggleTerms, selectedSubjectId, studiedSubjectIds, onOpenSubject, quizHref,
}: TermListProps) {
  return (
    <Accordion
      alwaysOpen
      activeKey={openTermIds}
      onSelect={(keys) => onToggleTerms(Array.isArray(keys) ? keys : keys ? [keys] : [])}
      className="term-list shadow-sm"
    >
      {terms.map((term) => {
        const firstSubject = term.termSubjects[0];
        return (
          <Accordion.Item eventKey={String(term.id)} key={term.id}>
            <h2 className="accordion-header term-header d-flex align-items-center">
              <Accordion.Button className="flex-grow-1 fw-semibold">{term.name}</Accordion.Button>
              {firstSubject && (
                <Link
                  to={quizHref(firstSubject.id)}
                  className="btn btn-sm btn-outline-primary mx-2 flex-shrink-0"
                  aria-label={`Quiz: ${term.name}`}
                >
                  Quiz
                </Link>
              )}
            </h2>
            <Accordion.Body className="p-0">
              {term.about && <p className="small text-body-secondary px-3 pt-3 mb-2">{term.about}</p>}
              {term.termSubjects.length === 0 ? (
                <p className="small text-body-secondary px-3 py-3 mb-0">No chapters yet.</p>
              ) : (
                <ul className="list-group list-group-flush">
                  {term.termSubjects.map((subject) => {
                    const isSelected = subject.id === selectedSubjectId;
                    const isStudied = studiedSubjectIds.has(subject.id);
                    return (
                      <li key={subject.id} className={`list-group-item subject-row d-flex align-items-center gap-2 ${isSelected ? 'active-subject' : ''}`}>
                        <button
                          type="button"
                          className="btn btn-link subject-open flex-grow-1 text-decoration-none text-body p-0 d-flex align-items-center gap-2"
                          aria-current={isSelected ? 'true' : undefined}
                          onClick={() => onOpenSubject({ termId: term.id, subjectId: subject.id })}
                        >
                          <span className={`subject-status ${isStudied ? 'text-success' : 'text-body-tertiary'}`} title={isStudied ? 'Studied' : 'Not studied yet'}>
                            {isStudied ? <CheckIcon /> : <span className="subject-status-dot" aria-hidden="true" />}
                            <span className="visually-hidden">{isStudied ? 'Studied: ' : ''}</span>
                          </span>
                          <span className="flex-grow-1">{subject.name}</span>
                          <Badge bg="light" text="dark" className="border fw-normal">{fileTypeLabel[subject.file_type]}</Badge>
                        </button>
                        <Link to={quizHref(subject.id)} className="btn btn-sm btn-link flex-shrink-0" aria-label={`Quiz: ${subject.name}`}>
                          Quiz
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              )}
            </Accordion.Body>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
