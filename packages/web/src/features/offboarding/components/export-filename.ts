/** The name an account export is saved under: the slug and the day it was made. */
export const exportFilename = (slug: string, exportedAt: string) => `${slug}-export-${exportedAt.slice(0, 10)}.json`;
