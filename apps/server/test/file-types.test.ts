import { describe, expect, it } from 'vitest';
import { detectDocumentType } from '../src/platform/uploads/file-types.ts';
import { fixtures } from './support/fixtures.ts';

describe('document type from the bytes', () => {
  it.each([
    ['scan.pdf', fixtures.pdf(), 'pdf', true],
    ['photo.png', fixtures.png(), 'png', true],
    ['photo.jpeg', fixtures.jpeg(), 'jpg', true],
    ['letter.docx', fixtures.docx(), 'docx', false],
    ['letter.odt', fixtures.odt(), 'odt', false],
    ['old.doc', fixtures.ole(), 'doc', false],
    ['sheet.xls', fixtures.ole(), 'xls', false],
    ['template.dot', fixtures.ole(), 'dot', false],
    ['works.wps', fixtures.ole(), 'wps', false],
    ['note.rtf', fixtures.rtf(), 'rtf', false],
    ['note.txt', fixtures.txt(), 'txt', false],
    ['weights.csv', fixtures.csv(), 'csv', false],
    ['table.dif', fixtures.dif(), 'dif', false],
    ['table.dbf', fixtures.dbf(), 'dbf', false],
  ])('accepts %s as %s', async (name, bytes, ext, inline) => {
    const type = await detectDocumentType(bytes, name);
    expect(type?.ext).toBe(ext);
    expect(type?.inlineViewable).toBe(inline);
  });

  it('decides by content, not by name: a PDF named .png is a PDF', async () => {
    expect((await detectDocumentType(fixtures.pdf(), 'photo.png'))?.ext).toBe('pdf');
    expect((await detectDocumentType(fixtures.ole(), 'file.bin'))?.ext).toBe('doc');
    expect((await detectDocumentType(fixtures.txt(), 'file'))?.ext).toBe('txt');
  });

  it.each([
    ['an executable renamed .pdf', fixtures.exe(), 'invoice.pdf'],
    ['an ELF binary renamed .txt', fixtures.elf(), 'notes.txt'],
    ['an HTML page named as an image', fixtures.html(), 'photo.jpg'],
    ['an SVG with a script named as an image', fixtures.svgWithScript(), 'photo.png'],
    ['an SVG with an XML prolog', fixtures.xmlSvg(), 'photo.svg'],
    ['binary junk', fixtures.binaryJunk(), 'data.csv'],
    ['an empty file', Buffer.alloc(0), 'empty.txt'],
    ['a dbf name on text', fixtures.txt(), 'table.dbf'],
  ])('refuses %s', async (_label, bytes, name) => {
    const type = await detectDocumentType(bytes, name);
    // A dbf name on plain text is still plain text, never a dbf.
    if (name === 'table.dbf') expect(type?.ext).toBe('txt');
    else expect(type).toBeNull();
  });
});
