/**
 * Saves a downloaded file (a calendar file, a PDF sheet) under `fileName`: a temporary link with the
 * download attribute, clicked within the user's click. The object URL is freed a minute later.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
