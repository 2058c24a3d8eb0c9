import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { questionsQueryKey } from './get-questions';
import { subjectsQueryKey } from './get-subjects';

export interface ImportInput {
  subjectId: number;
  csv: string;
  /** A preview: the parsed rows and the line-numbered errors, nothing written. */
  isDryRun: boolean;
}

/**
 * POST /admin/subjects/{id}/questions/import[?dry_run=true] with the CSV text. Without dry_run every
 * row goes in one transaction, or none (422 with the errors).
 */
export const importQuestions = ({ subjectId, csv, isDryRun }: ImportInput) =>
  api.post<ImportData>(`/admin/subjects/${subjectId}/questions/import${isDryRun ? '?dry_run=true' : ''}`, { csv });

export function useImportQuestions(subjectId: number, termId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importQuestions,
    onSuccess: async (_response, variables) => {
      if (variables.isDryRun) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: questionsQueryKey(subjectId) }),
        queryClient.invalidateQueries({ queryKey: subjectsQueryKey(termId) }),
      ]);
    },
  });
}
