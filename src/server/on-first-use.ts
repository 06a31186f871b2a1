/**
 * A library loaded when it is first needed, once. The server's resident memory is a budget
 * (docs/performance.md): the MARC parsers and character tables, the image codecs and the mail
 * builder took about 30 MB of a server that had not yet read a MARC file, stored an image or
 * written a mail.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
