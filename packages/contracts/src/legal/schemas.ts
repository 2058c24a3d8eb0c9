import { z } from 'zod';

/** GET /legal: who runs the service and whom to write to, from the server's configuration (issue 16, part 8). */
export const legalData = z.object({
  app_name: z.string(),
  operator: z.object({ legal_name: z.string(), address: z.string() }),
  contact_email: z.string(),
  grievance_officer: z.object({ name: z.string(), email: z.string(), address: z.string() }),
  /** Days within which the grievance officer answers. */
  grievance_response_days: z.number(),
  /** Days after an account is closed within which its data is deleted. */
  retention_days: z.number(),
});
export type LegalData = z.infer<typeof legalData>;
