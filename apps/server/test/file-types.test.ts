import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { detectDocumentType } from '../src/platform/uploads/file-types.ts';
import { markupGuard } from '../src/platform/uploads/markup.ts';
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

describe('markup in text files (issue 15.5)', () => {
  it.each([
    ['a comment before a script', '<!--x--><script>alert(1)</script>'],
    ['an img with onerror after some text', 'Impfung am 3.5.\n<img src=x onerror=alert(1)>'],
    ['leading whitespace then <html', '\n\n\t  <html><body>hi</body></html>'],
    ['a UTF-8 BOM then <html', '\uFEFF<html><body>hi</body></html>'],
    ['a BOM and spaces then an svg', '\uFEFF   <svg onload=alert(1)></svg>'],
    ['a closing tag only', 'hello </script> there'],
    ['an uppercase IFRAME', 'notes: <IFRAME src=//evil>'],
  ])('refuses %s named .txt', async (_label, content) => {
    expect(await detectDocumentType(Buffer.from(content), 'notes.txt')).toBeNull();
    expect(await detectDocumentType(Buffer.from(content), 'data.csv')).toBeNull();
  });

  it('still accepts plain text with comparisons and e-mail-like angle brackets', async () => {
    const plain = 'Gewicht < 30 kg, Puls > 80\nTierarzt <praxis@example.com>\na<b and c>d\n';
    expect((await detectDocumentType(Buffer.from(plain), 'notes.txt'))?.ext).toBe('txt');
    expect((await detectDocumentType(Buffer.from('\uFEFFname;weight\nBello;30\n'), 'w.csv'))?.ext).toBe(
      'csv',
    );
  });

  const guarded = (chunks: string[]) =>
    text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(markupGuard(() => new Error('markup'))));

  it('finds markup far beyond the sniffed head, also split across chunks', async () => {
    const filler = 'plain line of text\n'.repeat(400); // 7.6 KB: past the 4 KB the type is decided from
    await expect(guarded([filler, '<scr', 'ipt>alert(1)</script>'])).rejects.toThrow('markup');
    await expect(guarded([filler, 'end <svg'])).rejects.toThrow('markup');
    await expect(guarded([filler, 'a < b\n'])).resolves.toBe(`${filler}a < b\n`);
  });
});
