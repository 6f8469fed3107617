/**
 * Hands text or bytes to the browser as a downloaded file, through a temporary object URL: what the user saves is
 * what the page already holds, with no second request to the server.
 */
export function saveFile(fileName: string, content: string | Uint8Array<ArrayBuffer>, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the browser has taken the URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A JSON export, indented for people to read. */
export function saveJsonFile(fileName: string, data: unknown): void {
  saveFile(fileName, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
}
