import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PhotoFile } from './posts';

/**
 * A short VP8 test-pattern video made by ffmpeg (which the test scripts install for the worker):
 * WebM because Debian's Chromium plays it without proprietary codecs.
 */
export function testPatternVideo(name: string, seconds = 2): PhotoFile {
  const dir = mkdtempSync(join(tmpdir(), 'datebook-e2e-video-'));
  try {
    const file = join(dir, name);
    execFileSync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc=duration=${seconds}:size=320x240:rate=15`,
        '-c:v',
        'libvpx',
        '-b:v',
        '200k',
        file,
      ],
      { stdio: 'ignore' },
    );
    return { name, mimeType: 'video/webm', buffer: readFileSync(file) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
