import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

export type VideoContainer = 'mp4' | 'mov' | 'webm';

export interface ProcessedVideo {
  durationMs: number;
  width: number;
  height: number;
  /** A frame about a second in (the first frame of a shorter clip), as a JPEG 640 px wide. */
  poster: Buffer;
  /** The first video stream and the audio, as encoded, in the upload's container without its metadata. */
  video: { data: Buffer; container: VideoContainer; contentType: string };
}

interface ProbeOutput {
  streams?: Array<{ codec_type?: string; width?: number; height?: number }>;
  format?: { duration?: string; format_name?: string; tags?: { major_brand?: string } };
}

type Probe = Omit<ProcessedVideo, 'poster' | 'video'> & { container: VideoContainer };

const execFileAsync = promisify(execFile);
const TIMEOUT_MS = 120_000;
const POSTER_WIDTH = 640;
/**
 * The demuxers of the containers served (mp4 and mov share one, WebM is Matroska's). Any other, an
 * HLS playlist say, could make ffmpeg read further files or URLs into the poster or the copy.
 */
const INPUT_FORMATS = ['-format_whitelist', 'mov,matroska'];
const CONTENT_TYPES: Record<VideoContainer, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

async function runTool(command: string, args: string[]): Promise<Buffer> {
  const { stdout } = await execFileAsync(command, args, {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
    timeout: TIMEOUT_MS,
  });
  return stdout;
}

/** Matroska is served as WebM; QuickTime files, which share the mp4 demuxer, name the brand `qt  `. */
const containerOf = (format: NonNullable<ProbeOutput['format']>): VideoContainer =>
  format.format_name?.startsWith('matroska') ? 'webm' : format.tags?.major_brand === 'qt  ' ? 'mov' : 'mp4';

/** A missing binary or a timeout is the machine's fault (retry); a non-zero exit is the file's. */
const isToolFailure = (error: unknown): boolean => {
  const failure = error as { code?: unknown; killed?: boolean };
  return typeof failure.code === 'number' && !failure.killed;
};

/**
 * The video adapter: ffprobe for the facts, ffmpeg for a poster frame and for a copy without the
 * metadata a phone writes (location, device, dates), remuxed rather than re-encoded so it costs
 * little and loses nothing. ffmpeg reads and writes files, so the bytes go to a private temporary
 * directory that is always removed. The poster, a JPEG, goes on through the image adapter.
 */
export class VideoProcessor {
  async process(input: Buffer): Promise<ProcessedVideo> {
    const dir = await mkdtemp(join(tmpdir(), 'datebook-video-'));
    const file = join(dir, 'input');
    try {
      await writeFile(file, input, { mode: 0o600 });
      const { container, ...facts } = await this.probe(file);
      const poster = (await this.frameAt(file, 1)) ?? (await this.frameAt(file, 0));
      if (!poster) {
        throw new VideoRejectedError();
      }
      const data = await this.withoutMetadata(file, join(dir, 'output'), container);
      return { ...facts, poster, video: { data, container, contentType: CONTENT_TYPES[container] } };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async probe(file: string): Promise<Probe> {
    let output: ProbeOutput;
    try {
      const stdout = await runTool('ffprobe', [
        '-v',
        'error',
        ...INPUT_FORMATS,
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
    return {
      durationMs: Math.round(seconds * 1000),
      width: video.width,
      height: video.height,
      container: containerOf(output.format ?? {}),
    };
  }

  /** Null when the clip has no frame at that time (it is shorter). */
  private async frameAt(file: string, seconds: number): Promise<Buffer | null> {
    try {
      const frame = await runTool('ffmpeg', [
        '-v',
        'error',
        '-ss',
        String(seconds),
        ...INPUT_FORMATS,
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

  /**
   * Drops data and subtitle tracks (timed GPS, camera telemetry) and chapters; bitexact leaves out
   * the muxer's version and WebM's random segment id, so a rerun writes the same bytes. mp4 and mov
   * put their index first, so playback starts before the whole file is in.
   */
  private async withoutMetadata(input: string, output: string, container: VideoContainer): Promise<Buffer> {
    try {
      await runTool('ffmpeg', [
        '-v',
        'error',
        ...INPUT_FORMATS,
        '-i',
        input,
        '-map',
        '0:v:0',
        '-map',
        '0:a?',
        '-dn',
        '-sn',
        '-map_metadata',
        '-1',
        '-map_chapters',
        '-1',
        '-c',
        'copy',
        '-fflags',
        '+bitexact',
        ...(container === 'webm' ? [] : ['-movflags', '+faststart']),
        '-f',
        container,
        output,
      ]);
    } catch (error) {
      if (isToolFailure(error)) {
        throw new VideoRejectedError({ cause: error });
      }
      throw error;
    }
    const data = await readFile(output);
    if (data.length === 0) {
      throw new VideoRejectedError();
    }
    return data;
  }
}
