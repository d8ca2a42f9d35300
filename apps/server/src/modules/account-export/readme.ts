import type { UiLanguage } from '@pet/contract';

export interface ReadmeContext {
  brandName: string;
  createdAt: Date;
  /** The data files (without extension) in data/, each as .json and .csv. */
  sections: string[];
}

/** README.txt of the export ZIP, in the user's language: what is where. */
export function renderReadme(language: UiLanguage, context: ReadmeContext): string {
  const when = context.createdAt.toISOString();
  const list = context.sections.map((name) => `  data/${name}.json   data/${name}.csv`).join('\n');
  if (language === 'de') {
    return `Datenexport – ${context.brandName}
Erstellt: ${when} (UTC)

Diese ZIP-Datei enthält alle Daten Ihres Kontos (Recht auf Datenübertragbarkeit, Art. 20 DSGVO).

Ordner
------
data/             Jede Datenart zweimal: als JSON (für Programme) und als CSV (für Tabellen-
                  programme wie Excel oder LibreOffice; UTF-8, Komma als Trennzeichen).
                  Jede Zeile ist ein Datensatz; pet_id verbindet einen Datensatz mit seinem Tier
                  (data/pets), document_id eine Datei mit ihrem Dokument.
files/account/    Ihr Profilbild.
files/pets/       Je Tier ein Ordner „Name (Kennung)“ mit dem Tierfoto sowie den hochgeladenen
                  Dokumenten (documents/) und Tierarzt-Befunden (vet-findings/).
                  In data/document-files steht unter file_in_export, wo jede Datei liegt.
emergency-files/  Die Notfallakte jedes Tieres als PDF.
invoices/         Ihre Rechnungen (und Gutschriften) als PDF.

Datendateien
------------
${list}

Zeitangaben sind UTC (ISO 8601), Beträge in Cent. Nicht enthalten sind Geheimnisse wie Ihr
Passwort-Hash oder die Schlüssel von Kalender- und Download-Adressen.
`;
  }
  return `Data export – ${context.brandName}
Created: ${when} (UTC)

This ZIP file holds all the data of your account (right to data portability, GDPR Art. 20).

Folders
-------
data/             Every kind of data twice: as JSON (for programs) and as CSV (for spreadsheets
                  such as Excel or LibreOffice; UTF-8, comma-separated).
                  Each row is one record; pet_id links a record to its pet (data/pets),
                  document_id links a file to its document.
files/account/    Your profile picture.
files/pets/       One folder "Name (id)" per pet with the pet's photo and the uploaded
                  documents (documents/) and vet findings (vet-findings/).
                  data/document-files says under file_in_export where each file is.
emergency-files/  Each pet's emergency file as a PDF.
invoices/         Your invoices (and credit notes) as PDF.

Data files
----------
${list}

Times are UTC (ISO 8601), amounts in cents. Secrets such as your password hash or the keys of
calendar and download addresses are not included.
`;
}
