import type { z } from 'zod';
import type { AdminLevel, levelsBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { levelsQueryKey } from './get-levels';

export type LevelsInput = z.output<typeof levelsBody>;

/** PUT /admin/levels: the whole ladder; levels left out are removed. */
export const updateLevels = (body: LevelsInput) => api.put<AdminLevel[]>('/admin/levels', body);

export const useUpdateLevels = () => useInvalidatingMutation(updateLevels, [levelsQueryKey]);
