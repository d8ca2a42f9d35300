import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Markup a browser would render or run, anywhere in a text (not only at byte 0): a comment, a
 * doctype or XML prolog, or the opening or closing tag of an element that shows content, loads
 * something or runs script. A document safe keeps documents, never active content (issue 15.5), so
 * a "text" file holding any of these is refused as a wrong type. Plain `a < b` comparisons pass.
 */
const MARKUP =
  /<(?:!--|!doctype|\?xml|\/?\s*(?:script|html|svg|img|image|iframe|frame|frameset|object|embed|applet|body|head|meta|link|style|base|form|input|button|textarea|select|math|video|audio|source|track|picture|template|noscript|xmp|plaintext|marquee|details|dialog|a|div|span|p|table|foreignobject|animate|set|use)(?=[\s/>]))/i;

/** Longest stretch a match can span: carried over between chunks so a tag cut in two is still seen. */
const CARRY_CHARS = 32;

export function containsMarkup(text: string): boolean {
  return MARKUP.test(text);
}

/**
 * Passes a text file's bytes through unchanged while scanning all of them for markup (the type was
 * decided from the first 4 KB only); fails the stream with `error()` at the first match, so the
 * storage put that consumes it keeps nothing.
 */
export function markupGuard(error: () => Error): Transform {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  const scan = (text: string): boolean => {
    const window = carry + text;
    carry = window.slice(-CARRY_CHARS);
    return containsMarkup(window);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (scan(decoder.write(chunk))) callback(error());
      else callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      // A tag name at the very end of the file has nothing after it: the newline stands in.
      if (scan(`${decoder.end()}\n`)) callback(error());
      else callback();
    },
  });
}
