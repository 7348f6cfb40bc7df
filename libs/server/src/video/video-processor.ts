import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The upload is not a video ffmpeg can read: an expected outcome of public uploads, not a fault. */
export class VideoRejectedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The input is not a readable video', options);
    this.name = 'VideoRejectedError';
  }
}

export interface VideoFacts {
  durationMs: number;
  width: number;
  height: number;
  /** A frame about a second in (the first frame of a shorter clip), as a JPEG 640 px wide. */
  poster: Buffer;
}

interface ProbeOutput {
  streams?: Array<{ codec_type?: string; width?: number; height?: number }>;
  format?: { duration?: string };
}

const execFileAsync = promisify(execFile);
const TIMEOUT_MS = 120_000;
const POSTER_WIDTH = 640;

async function runTool(command: string, args: string[]): Promise<Buffer> {
  const { stdout } = await execFileAsync(command, args, {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
    timeout: TIMEOUT_MS,
  });
  return stdout;
}

/** A missing binary or a timeout is the machine's fault (retry); a non-zero exit is the file's. */
const isToolFailure = (error: unknown): boolean => {
  const failure = error as { code?: unknown; killed?: boolean };
  return typeof failure.code === 'number' && !failure.killed;
};

/**
 * The video adapter: ffprobe for the facts, ffmpeg for a poster frame. ffmpeg reads files, so the
 * bytes go to a private temporary directory that is always removed. The video itself is served as
 * uploaded; only the poster, a JPEG, goes on through the image adapter.
 */
export class VideoProcessor {
  async inspect(input: Buffer): Promise<VideoFacts> {
    const dir = await mkdtemp(join(tmpdir(), 'datebook-video-'));
    const file = join(dir, 'input');
    try {
      await writeFile(file, input, { mode: 0o600 });
      const probe = await this.probe(file);
      const poster = (await this.frameAt(file, 1)) ?? (await this.frameAt(file, 0));
      if (!poster) {
        throw new VideoRejectedError();
      }
      return { ...probe, poster };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async probe(file: string): Promise<Omit<VideoFacts, 'poster'>> {
    let output: ProbeOutput;
    try {
      const stdout = await runTool('ffprobe', [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_streams',
        '-show_format',
        file,
      ]);
      output = JSON.parse(stdout.toString()) as ProbeOutput;
    } catch (error) {
      if (isToolFailure(error) || error instanceof SyntaxError) {
        throw new VideoRejectedError({ cause: error });
      }
      throw error;
    }
    const video = output.streams?.find((stream) => stream.codec_type === 'video');
    const seconds = Number(output.format?.duration);
    if (!video?.width || !video.height || !Number.isFinite(seconds)) {
      throw new VideoRejectedError();
    }
    return { durationMs: Math.round(seconds * 1000), width: video.width, height: video.height };
  }

  /** Null when the clip has no frame at that time (it is shorter). */
  private async frameAt(file: string, seconds: number): Promise<Buffer | null> {
    try {
      const frame = await runTool('ffmpeg', [
        '-v',
        'error',
        '-ss',
        String(seconds),
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        `scale=${POSTER_WIDTH}:-2`,
        '-f',
        'image2pipe',
        '-c:v',
        'mjpeg',
        'pipe:1',
      ]);
      return frame.length > 0 ? frame : null;
    } catch (error) {
      if (isToolFailure(error)) {
        throw new VideoRejectedError({ cause: error });
      }
      throw error;
    }
  }
}
