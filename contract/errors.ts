import { z } from 'zod';

/** decisions §2: every error answer has this shape. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
