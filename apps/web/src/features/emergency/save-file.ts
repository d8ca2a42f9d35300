/**
 * Saves a downloaded blob under a chosen name: an object URL on a temporary <a download>, clicked
 * and removed; the URL is revoked once the browser has taken the file.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoking at once can cancel the download in some browsers; a moment later is safe.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
