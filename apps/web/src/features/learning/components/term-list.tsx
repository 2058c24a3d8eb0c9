import Accordion from 'react-bootstrap/Accordion';
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TermItem } from '@app/contracts';
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
  /** Opened at least once. */
  studiedSubjectIds: ReadonlySet<number>;
  /** Done (the server's rule per file type). */
  completedSubjectIds: ReadonlySet<number>;
  passedQuizSubjectIds: ReadonlySet<number>;
  onOpenSubject: (choice: SubjectChoice) => void;
  /** Where a subject's quiz is. */
  quizHref: (subjectId: number) => string;
}

type ChapterState = 'done' | 'opened' | 'new';

/** The state's title (tooltip) and the words read before the chapter's name. */
function useStateLabel(state: ChapterState): { title: string; prefix: string } {
  const { t } = useTranslation('learning');
  switch (state) {
    case 'done':
      return { title: t('terms.status.done'), prefix: t('terms.status.donePrefix') };
    case 'opened':
      return { title: t('terms.status.opened'), prefix: t('terms.status.openedPrefix') };
    case 'new':
      return { title: t('terms.status.notStarted'), prefix: '' };
  }
}

/** A check when done, a half-filled dot when opened, an empty dot when not started. */
function ChapterStatus({ state }: { state: ChapterState }) {
  const label = useStateLabel(state);
  const tone = state === 'done' ? 'text-success' : state === 'opened' ? 'text-primary' : 'text-body-tertiary';
  return (
    <span className={`subject-status ${tone}`} title={label.title}>
      {state === 'done' ? (
        <CheckIcon />
      ) : (
        <span className={`subject-status-dot ${state === 'opened' ? 'is-opened' : ''}`} aria-hidden="true" />
      )}
      <span className="visually-hidden">{label.prefix}</span>
    </span>
  );
}

/**
 * The course's terms, each with a 'Quiz' link, expanding to its subjects. Quizzes belong to
 * subjects on the server, so every subject row has its own 'Quiz' link and the term's link opens
 * the quiz of its first subject.
 */
export function TermList({
  terms,
  openTermIds,
  onToggleTerms,
  selectedSubjectId,
  studiedSubjectIds,
  completedSubjectIds,
  passedQuizSubjectIds,
  onOpenSubject,
  quizHref,
}: TermListProps) {
  const { t } = useTranslation('learning');
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
                  aria-label={t('terms.quizLabel', { name: term.name })}
                >
                  {t('terms.quiz')}
                </Link>
              )}
            </h2>
            <Accordion.Body className="p-0">
              {term.about && <p className="small text-body-secondary px-3 pt-3 mb-2">{term.about}</p>}
              {term.termSubjects.length === 0 ? (
                <p className="small text-body-secondary px-3 py-3 mb-0">{t('terms.noChapters')}</p>
              ) : (
                <ul className="list-group list-group-flush">
                  {term.termSubjects.map((subject) => {
                    const isSelected = subject.id === selectedSubjectId;
                    const state: ChapterState = completedSubjectIds.has(subject.id)
                      ? 'done'
                      : studiedSubjectIds.has(subject.id)
                        ? 'opened'
                        : 'new';
                    const isPassed = passedQuizSubjectIds.has(subject.id);
                    return (
                      <li
                        key={subject.id}
                        className={`list-group-item subject-row d-flex align-items-center gap-2 ${isSelected ? 'active-subject' : ''}`}
                      >
                        <button
                          type="button"
                          className="btn btn-link subject-open flex-grow-1 text-decoration-none text-body p-0 d-flex align-items-center gap-2"
                          aria-current={isSelected ? 'true' : undefined}
                          onClick={() => onOpenSubject({ termId: term.id, subjectId: subject.id })}
                        >
                          <ChapterStatus state={state} />
                          <span className="flex-grow-1">{subject.name}</span>
                          <Badge bg="light" text="dark" className="border fw-normal">
                            {t(`terms.fileTypes.${subject.file_type}`)}
                          </Badge>
                        </button>
                        <Link
                          to={quizHref(subject.id)}
                          className={`btn btn-sm flex-shrink-0 ${isPassed ? 'btn-link text-success fw-semibold' : 'btn-link'}`}
                          aria-label={t(isPassed ? 'terms.quizPassedLabel' : 'terms.quizLabel', { name: subject.name })}
                        >
                          {isPassed ? t('terms.passed') : t('terms.quiz')}
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
