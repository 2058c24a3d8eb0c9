import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { QUESTION_CSV_COLUMNS, type ImportData } from '@app/contracts';
import { ApiError } from '@/lib/api-client';
import { notifications } from '@/components/ui/notifications';
import { busyLabel } from '@/components/ui/submit-button';
import { FileField } from '../../components/fields';
import { readText } from '../../utils/read-text';
import { showServerError } from '../../utils/server-errors';
import { useImportQuestions } from '../api/import-questions';

const header = QUESTION_CSV_COLUMNS.join(',');
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`${header}\nWhat is 2 + 2?,3,4,5,,,2,Two and two make four.\n`)}`;

interface Preview {
  csv: string;
  fileName: string;
  data: ImportData;
}

/**
 * Import a question bank from a CSV: the server checks the file first (a dry run) and the preview
 * shows the rows it read and every error by line. 'Import' is offered only for a file without errors.
 */
export function QuestionImport({
  subjectId,
  termId,
  onDone,
}: {
  subjectId: number;
  termId: number;
  onDone?: () => void;
}) {
  const importer = useImportQuestions(subjectId, termId);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [inputKey, setInputKey] = useState(0);

  const onFile = async (file: File | null) => {
    setPreview(null);
    setFileError(undefined);
    if (!file) return;
    const csv = await readText(file);
    try {
      const { data } = await importer.mutateAsync({ subjectId, csv, isDryRun: true });
      setPreview({ csv, fileName: file.name, data });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setFileError(error.displayMessage);
      else showServerError(error);
    }
  };

  const onImport = async () => {
    if (!preview) return;
    try {
      const response = await importer.mutateAsync({ subjectId, csv: preview.csv, isDryRun: false });
      notifications.success(response.message);
      setPreview(null);
      setInputKey((key) => key + 1);
      onDone?.();
    } catch (error) {
      // Someone changed something since the preview: show the server's verdict by line.
      if (error instanceof ApiError && error.status === 422) {
        const errors = Object.values(error.errors).flat();
        setPreview({ ...preview, data: { ...preview.data, errors: errors.length > 0 ? errors : [error.message] } });
      } else {
        showServerError(error);
      }
    }
  };

  const errors = preview?.data.errors ?? [];
  const rows = preview?.data.rows ?? [];
  const canImport = preview !== null && errors.length === 0 && rows.length > 0;
  const isChecking = importer.isPending && importer.variables?.isDryRun;
  const isImporting = importer.isPending && !importer.variables?.isDryRun;

  return (
    <div>
      <p className="small text-body-secondary mb-2">
        The first line must be <code>{header}</code>; options 3 to 5 and the explanation may be empty (or their columns
        left out) and <code>correct_option</code> is 1 to 5.{' '}
        <a href={templateHref} download="questions-template.csv">
          Download a template
        </a>
      </p>
      <FileField
        key={inputKey}
        id={`import-${subjectId}`}
        label="CSV file"
        accept=".csv,text/csv"
        error={fileError}
        disabled={importer.isPending}
        onFile={(file) => void onFile(file)}
      />
      {isChecking && (
        <p className="small" role="status">
          <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
          Checking the file…
        </p>
      )}
      {preview && (
        <section aria-label="Import preview">
          {errors.length > 0 ? (
            <Alert variant="danger">
              <p className="fw-semibold mb-1">
                {preview.fileName} has {errors.length} {errors.length === 1 ? 'error' : 'errors'}; fix them and choose
                the file again.
              </p>
              <ul className="mb-0 small" aria-label="Errors by line">
                {errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            </Alert>
          ) : (
            <Alert variant={rows.length > 0 ? 'success' : 'warning'} className="py-2">
              {rows.length > 0
                ? `${preview.fileName}: ${rows.length} ${rows.length === 1 ? 'question' : 'questions'} ready to import.`
                : `${preview.fileName} has no questions.`}
            </Alert>
          )}
          {rows.length > 0 && (
            <div className="admin-csv-preview mb-3">
              <Table size="sm" bordered className="admin-table small mb-0">
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Question</th>
                    {[1, 2, 3, 4, 5].map((n) => (
                      <th key={n} scope="col">
                        Option {n}
                      </th>
                    ))}
                    <th scope="col">Correct</th>
                    <th scope="col">Explanation</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.line}>
                      <td>{row.line}</td>
                      <td>{row.question}</td>
                      <td>{row.option_1}</td>
                      <td>{row.option_2}</td>
                      <td>{row.option_3 ?? ''}</td>
                      <td>{row.option_4 ?? ''}</td>
                      <td>{row.option_5 ?? ''}</td>
                      <td>{row.correct_option}</td>
                      <td>{row.explanation ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
          <Button onClick={() => void onImport()} disabled={!canImport || importer.isPending}>
            {isImporting ? (
              <>
                <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
                {busyLabel}
              </>
            ) : (
              'Import'
            )}
          </Button>
        </section>
      )}
    </div>
  );
}
