/** Saves `data` as a JSON file through a temporary object URL (no server round trip for the file itself). */
export function downloadJson(filename: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the browser has taken the URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const exportFilename = (slug: string, exportedAt: string) => `${slug}-export-${exportedAt.slice(0, 10)}.json`;
