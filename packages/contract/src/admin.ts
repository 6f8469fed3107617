import { z } from 'zod';

export const serverInfo = z.object({
  server_version: z.string(),
  web_version: z.string(),
});

export const health = z.object({ status: z.enum(['ok', 'unavailable']) });
