import { PassThrough, type Readable } from 'node:stream';

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
    const more = await new Promise<boolean>((resolve, reject) => {
      const cleanup = () => {
        source.off('readable', onReadable);
        source.off('end', onEnd);
        source.off('error', onError);
      };
      const onReadable = () => (cleanup(), resolve(true));
      const onEnd = () => (cleanup(), resolve(false));
      const onError = (err: Error) => (cleanup(), reject(err));
      source.once('readable', onReadable);
      source.once('end', onEnd);
      source.once('error', onError);
    });
    if (!more) break;
  }
  const head = Buffer.concat(chunks);
  const stream = new PassThrough();
  // Errors of the source (client gone, size limit) must reach whoever consumes the result.
  source.once('error', (err) => stream.destroy(err));
  if (source.readableEnded) {
    stream.end(head);
  } else {
    stream.write(head);
    source.pipe(stream);
  }
  return { head: head.subarray(0, bytes), stream };
}
