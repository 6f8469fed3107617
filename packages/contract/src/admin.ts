import { z } from 'zod';

export const serverInfo = z.object({
  server_version: z.string(),
  web_version: z.string(),
});
export type ServerInfo = z.infer<typeof serverInfo>;

export const health = z.object({ status: z.enum(['ok', 'unavailable']) });
