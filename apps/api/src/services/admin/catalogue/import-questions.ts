import { parse } from 'csv-parse/sync';
import { questions } from '@app/db';
import { adminMessages, QUESTION_CSV_COLUMNS, questionBody, type ImportData } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { questionColumns } from './questions.ts';
import { findSubjectRow } from './subjects.ts';

/** At most this many questions in one file. */
export const IMPORT_MAX_ROWS = 5_000;

interface ParsedCsv {
  rows: ImportData['rows'];
  errors: string[];
}

/**
 * Reads a question-bank CSV: a header row naming the columns (question, option_1 … option_5,
 * correct_option, explanation; any order, option_3 … option_5 and explanation may be left out),
 * then one question a line.
 * Each line is checked with the same rules as a question added by hand; problems come back as
 * 'line N: message', N being the line of the file (the header is line 1).
 */
export function parseQuestionsCsv(text: string): ParsedCsv {
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    // One line ending (a spreadsheet saves CRLF), so a multi-line cell keeps plain newlines.
    records = parse(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), {
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number }; raw: string }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { rows: [], errors: [`line ${line ?? 1}: ${(error as Error).message}`] };
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: [adminMessages.importNoRows] };

  const names = header.record.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(QUESTION_CSV_COLUMNS);
  const required = ['question', 'option_1', 'option_2', 'correct_option'];
  if (
    names.some((n) => !known.has(n)) ||
    required.some((n) => !names.includes(n)) ||
    new Set(names).size !== names.length
  ) {
    return { rows: [], errors: [adminMessages.importHeaderInvalid] };
  }
  if (body.length === 0) return { rows: [], errors: [adminMessages.importNoRows] };
  if (body.length > IMPORT_MAX_ROWS)
    return { rows: [], errors: [`The file has more than ${IMPORT_MAX_ROWS} questions; split it.`] };

  const rows: ImportData['rows'] = [];
  const errors: string[] = [];
  for (const { record, info, raw } of body) {
    // info.lines is the line the record ends on; a quoted field may span lines, so count back.
    const line =
      info.lines -
      (raw
        .replace(/^[\r\n]+/, '')
        .replace(/[\r\n]+$/, '')
        .match(/\n/g)?.length ?? 0);
    if (record.length !== names.length) {
      errors.push(`line ${line}: expected ${names.length} columns, found ${record.length}`);
      continue;
    }
    const values = Object.fromEntries(names.map((name, i) => [name, record[i]]));
    const result = questionBody.safeParse(values);
    if (!result.success) {
      for (const issue of result.error.issues) errors.push(`line ${line}: ${issue.message}`);
      continue;
    }
    rows.push({ line, ...result.data });
  }
  return { rows, errors };
}

/**
 * POST /admin/subjects/{id}/questions/import: with dry_run the parsed rows and errors, nothing
 * written; without it, every row in one transaction, and only when no line has an error (422
 * with the errors otherwise).
 */
export async function importQuestions(
  ctx: AppContext,
  options: { actorId: number; subjectId: number; csv: string; dryRun: boolean },
): Promise<ImportData> {
  await findSubjectRow(ctx.db, options.subjectId);
  const { rows, errors } = parseQuestionsCsv(options.csv);
  if (options.dryRun) return { dry_run: true, rows, errors, inserted: 0 };
  if (errors.length > 0) {
    throw new AppError('VALIDATION', adminMessages.importHasErrors, { errors: { csv: errors } });
  }
  const inserted = await ctx.db.transaction(async (tx) => {
    await findSubjectRow(tx, options.subjectId);
    const ids = await tx
      .insert(questions)
      .values(rows.map((row) => ({ subjectId: options.subjectId, ...questionColumns(row) })))
      .returning({ id: questions.id });
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'question.import',
      entity: 'subjects',
      entityId: options.subjectId,
      after: { inserted: ids.length, question_ids: ids.map((r) => r.id) },
    });
    return ids.length;
  });
  return { dry_run: false, rows, errors: [], inserted };
}
