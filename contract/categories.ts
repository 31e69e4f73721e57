import { z } from 'zod';

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  icon: z.string(),
});
