import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@pet/contract';
import {
  chosenFilesProblems,
  extensionOf,
  fileFamily,
  fileProblems,
  formatBytes,
  inlineUrl,
  perFileProgress,
  previewKind,
} from '@/features/documents/document-files';

describe('document files', () => {
  it('accepts by extension, case-insensitively', () => {
    expect(extensionOf('Scan.PDF')).toBe('pdf');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
    expect(fileProblems({ name: 'Scan.PDF', size: 10 })).toEqual([]);
    expect(fileProblems({ name: 'notes.TXT', size: 10 })).toEqual([]);
    expect(fileProblems({ name: 'tool.exe', size: 10 })).toEqual(['File_Type_Error_Text']);
    expect(fileProblems({ name: 'README', size: 10 })).toEqual(['File_Type_Error_Text']);
    expect(fileProblems({ name: 'x.svg', size: 10 })).toEqual(['File_Type_Error_Text']);
  });

  it('allows exactly 25 MB and five files', () => {
    expect(fileProblems({ name: 'a.pdf', size: MAX_FILE_BYTES })).toEqual([]);
    expect(fileProblems({ name: 'a.pdf', size: MAX_FILE_BYTES + 1 })).toEqual(['File_Too_Large_Error_Text']);
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `${i}.png`, size: 1 }));
    expect(chosenFilesProblems(five)).toEqual([]);
    expect(chosenFilesProblems([...five, { name: 'x.exe', size: MAX_FILE_BYTES + 1 }])).toEqual([
      'To_Many_Files_Error_Text',
      'File_Too_Large_Error_Text',
      'File_Type_Error_Text',
    ]);
    expect(chosenFilesProblems([])).toEqual(['Document_Error']);
  });

  it('previews raster images and PDFs only', () => {
    expect(previewKind('jpg')).toBe('image');
    expect(previewKind('PNG')).toBe('image');
    expect(previewKind('pdf')).toBe('pdf');
    expect(previewKind('heic')).toBe('none');
    expect(previewKind('docx')).toBe('none');
    expect(fileFamily('xls')).toBe('sheet');
    expect(fileFamily('odt')).toBe('word');
    expect(inlineUrl('/v1/document/file?file_id=a')).toBe('/v1/document/file?file_id=a&inline=1');
  });

  it('splits the total progress over the files in order', () => {
    expect(perFileProgress([100, 300], 0)).toEqual([0, 0]);
    expect(perFileProgress([100, 300], 0.25)).toEqual([1, 0]);
    expect(perFileProgress([100, 300], 0.5)).toEqual([1, 1 / 3]);
    expect(perFileProgress([100, 300], 1)).toEqual([1, 1]);
    expect(perFileProgress([0, 0], 1)).toEqual([1, 1]);
  });

  it('formats sizes in the UI language', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(2048, 'en')).toBe('2 KB');
    expect(formatBytes(3.5 * 1024 * 1024, 'de')).toBe('3,5 MB');
    expect(formatBytes(3.5 * 1024 * 1024, 'en')).toBe('3.5 MB');
  });
});
