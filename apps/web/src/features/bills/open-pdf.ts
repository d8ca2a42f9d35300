/**
 * Opening a PDF that is still being fetched in a new tab. Browsers allow a new tab only within the
 * click that asks for it, and the PDF arrives later: so the tab is opened at once (blank), then
 * pointed at an object URL of the PDF, or closed again when the download failed.
 */

/** An object URL is kept this long, so the tab can load (and reload) the PDF, then freed. */
export const OBJECT_URL_LIFETIME_MS = 5 * 60_000;

export interface PendingTab {
  /** Shows the PDF in the tab (or, where no tab could be opened, in this one's place as a new window). */
  show: (pdf: Blob) => void;
  /** The download failed: the blank tab goes away again. */
  cancel: () => void;
}

export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  // The new tab must not reach back into the portal (what rel=noopener does for links).
  if (tab) tab.opener = null;
  return {
    show: (pdf) => {
      const url = URL.createObjectURL(pdf);
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
    },
    cancel: () => {
      if (tab && !tab.closed) tab.close();
    },
  };
}
