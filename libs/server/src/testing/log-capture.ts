import { Writable } from 'node:stream';

/** A stream a logger can write to, and the JSON lines it received, for tests of what gets logged. */
export function logCapture(): {
  stream: Writable;
  lines: () => Array<Record<string, unknown>>;
  text: () => string;
} {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  return {
    stream,
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => written.join(''),
  };
}
