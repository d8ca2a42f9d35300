import { finished, PassThrough, type Readable } from 'node:stream';

/**
 * Reads the first `bytes` of a stream (fewer if it ends first) and answers them with a stream that
 * still yields the whole content, so a type check can look at the head before storing the rest.
 */
export async function peekStream(
  source: Readable,
  bytes: number,
): Promise<{ head: Buffer; stream: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  for (;;) {
    if (length >= bytes) break;
    const chunk: Buffer | null = source.read();
    if (chunk !== null) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    if (source.readableEnded) break;
    // finished() also answers for a source that failed before we listened (a multipart body
    // cut short while the caller was still checking the pet): waiting for its events would hang.
    const more = await new Promise<boolean>((resolve, reject) => {
      const onReadable = () => (cleanup(), resolve(true));
      const stopWatching = finished(source, { writable: false }, (err) => {
        cleanup();
        if (err) reject(err);
        else resolve(false);
      });
      const cleanup = () => {
        source.off('readable', onReadable);
        stopWatching();
      };
      source.once('readable', onReadable);
    });
    if (!more) break;
  }
  const head = Buffer.concat(chunks);
  const stream = new PassThrough();
  // Errors of the source (client gone, size limit, a body cut short) must reach whoever consumes
  // the result, also when the source is destroyed without 'error'.
  finished(source, { writable: false }, (err) => {
    if (err) stream.destroy(err);
  });
  if (source.readableEnded) {
    stream.end(head);
  } else {
    stream.write(head);
    source.pipe(stream);
  }
  return { head: head.subarray(0, bytes), stream };
}
