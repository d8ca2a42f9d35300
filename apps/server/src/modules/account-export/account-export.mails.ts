import type { BrandConfig, UiLanguage } from '@pet/contract';
import { renderNoticeMail, type RenderedMail } from '../../platform/mail/templates.ts';

export const DATA_EXPORT_MAIL = 'data-export-ready';

/** The export is ready: the link downloads the ZIP without signing in, until it expires. */
export function renderExportReadyMail(context: {
  brand: BrandConfig;
  language: UiLanguage;
  origin: string;
  name: string;
  downloadUrl: string;
  expiresAt: Date;
  size: number;
}): RenderedMail {
  const { language } = context;
  const de = language === 'de';
  const until = new Intl.DateTimeFormat(de ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(context.expiresAt);
  const megabytes = (context.size / 1_000_000).toLocaleString(de ? 'de-DE' : 'en-GB', {
    maximumFractionDigits: 1,
  });
  return renderNoticeMail({
    brand: context.brand,
    language,
    origin: context.origin,
    name: context.name,
    subject: de ? 'Ihr Datenexport ist fertig' : 'Your data export is ready',
    intro: de
      ? `Ihr Datenexport bei ${context.brand.name} ist fertig: eine ZIP-Datei mit allen Ihren Daten, Dateien, Notfallakten und Rechnungen.`
      : `Your data export from ${context.brand.name} is ready: one ZIP file with all your data, files, emergency files and invoices.`,
    rows: [
      [de ? 'Größe' : 'Size', `${megabytes} MB`],
      [de ? 'Abrufbar bis' : 'Available until', until],
    ],
    action: { label: de ? 'ZIP herunterladen' : 'Download the ZIP', url: context.downloadUrl },
    outro: [
      de
        ? 'Wer diesen Link kennt, kann die Datei herunterladen: Leiten Sie die Mail nicht weiter. Danach wird die Datei gelöscht; einen neuen Export starten Sie jederzeit in den Einstellungen.'
        : 'Anyone with this link can download the file, so do not forward this mail. After that date the file is deleted; you can start a new export in Settings at any time.',
    ],
  });
}
