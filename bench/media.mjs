// The media budget (ARCHITECTURE.md section 10, issue 24): a 12 MP JPEG and a 30 s 1080p video are
// uploaded through the built api (ticket, presigned PUT) and published with one built worker
// running; each is timed from the publish request (the api confirming the upload into a post's media
// row) to the `media.status` push arriving on the owner's socket, by which time the worker has written
// the renditions, the poster and the ThumbHash (checked on the post after every push). Beside them,
// in the same run: bare sharp making the same renditions of the same photo (three WebPs and three
// JPEGs, the 16 px placeholder, the ThumbHash), and bare ffprobe + ffmpeg + sharp doing the video's work (probe,
// poster frame, metadata-free copy, the poster's JPEG and ThumbHash). Then throughput: photos
// published with 10 in flight until `--burst` are done.
//
//   node bench/media.mjs [--photos 20] [--videos 3] [--burst 30] [--in-flight 10]
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { io } from 'socket.io-client';
import { rgbaToThumbHash } from 'thumbhash';
import { signUpMember } from './lib/generate-stack.mjs';
import { printTable } from './lib/report.mjs';
import { ensureBuilt, log, startStack, withCleanup } from './lib/stack.mjs';
import { summarize } from './lib/stats.mjs';
import { uploadActivityMedia } from './lib/upload.mjs';

export const MEDIA_BUDGET = { text: 'photo p95 ≤ 2 s', p95Ms: 2000 };

export const defaults = { photos: 20, videos: 3, burst: 30, inFlight: 10 };

const PHOTO = { width: 4000, height: 3000 };
const VIDEO = { width: 1920, height: 1080, seconds: 30 };
/** What the worker makes of a photo (POST_IMAGE_WIDTHS, each as POST_IMAGE_TYPES) and of a video's poster frame. */
const WIDTHS = [320, 640, 1080];
const TYPES = ['image/webp', 'image/jpeg'];
const POSTER_WIDTH = 640;
const PUSH_TIMEOUT_MS = 120_000;

const execFileAsync = promisify(execFile);

export async function run(options = {}) {
  const { photos, videos, burst, inFlight } = { ...defaults, ...options };
  return withCleanup(
    async (cleanup) => {
      const dir = mkdtempSync(join(tmpdir(), 'bench-media-'));
      cleanup.add('media files', () => rmSync(dir, { recursive: true, force: true }));
      log(
        `making a ${PHOTO.width}×${PHOTO.height} JPEG with sharp and a ${VIDEO.seconds} s 1080p video with ffmpeg`,
      );
      const photo = await twelveMegapixelJpeg();
      const video = await fullHdVideo(dir);
      log(`photo ${(photo.length / 1e6).toFixed(1)} MB, video ${(video.length / 1e6).toFixed(1)} MB`);

      const stack = await startStack(cleanup);
      const api = await stack.start('api');
      await stack.start('worker');
      const pool = new pg.Pool({
        connectionString: stack.databaseUrl,
        max: 2,
        application_name: 'bench-media',
      });
      cleanup.add('pg pool', () => pool.end());
      const { rows: categories } = await pool.query(
        `SELECT id FROM categories WHERE applies_to IN ('activity', 'both') ORDER BY id LIMIT 1`,
      );
      const categoryId = categories[0].id;

      /**
       * A member with a socket open, as the owner's page has: publishing is limited per member and
       * hour, so each part of the run has its own.
       */
      const newOwner = async () => {
        const member = await signUpMember(api.url, pool, 'media');
        const pushes = await ownerSocket(api.url, member);
        cleanup.add('socket', () => pushes.close());
        return {
          upload: (bytes, contentType, fileName) => upload(api.url, member, bytes, contentType, fileName),
          /**
           * Publishes an uploaded file (after `cover`, a photo: an activity needs one); resolves with
           * the time from the request to the file's push.
           */
          processed: async (uploadId, index, cover) => {
            const heard = pushes.waitFor(uploadId);
            const started = performance.now();
            const postId = await publish(
              api.url,
              member,
              categoryId,
              cover ? [cover, uploadId] : [uploadId],
              index,
            );
            const status = await heard;
            if (status.status !== 'ready') {
              throw new Error(`upload ${uploadId} ${status.status}: ${status.message}`);
            }
            await expectProcessed(api.url, member, postId, cover ? 1 : 0);
            return status.at - started;
          },
        };
      };

      log(`${photos} photos, one at a time`);
      const photoOwner = await newOwner();
      const photoRun = await sequential(photos, async (index) =>
        photoOwner.processed(await photoOwner.upload(photo, 'image/jpeg', 'bench.jpg'), index),
      );
      log(`bare sharp: the same renditions of the same photo, ${photos} times`);
      const sharpRun = await sequential(photos, () => bareRenditions(photo));

      log(`${videos} videos, one at a time`);
      const videoOwner = await newOwner();
      const cover = await smallJpeg();
      const videoRun = await sequential(videos, async (index) =>
        videoOwner.processed(
          await videoOwner.upload(video, 'video/mp4', 'bench.mp4'),
          index,
          await videoOwner.upload(cover, 'image/jpeg', 'cover.jpg'),
        ),
      );
      log(`bare ffprobe + ffmpeg + sharp: the same video work, ${videos} times`);
      const ffmpegRun = await sequential(videos, () => bareVideoWork(video, dir));

      log(`${burst} photos with ${inFlight} in flight`);
      const burstOwner = await newOwner();
      const uploads = [];
      for (let at = 0; at < burst; at += inFlight) {
        const batch = Math.min(inFlight, burst - at);
        uploads.push(
          ...(await Promise.all(
            Array.from({ length: batch }, () => burstOwner.upload(photo, 'image/jpeg', 'bench.jpg')),
          )),
        );
      }
      const burstStarted = performance.now();
      const burstRun = await limited(uploads, inFlight, (uploadId, index) =>
        burstOwner.processed(uploadId, index),
      );
      const burstSeconds = (performance.now() - burstStarted) / 1000;

      const row = (name, measured, budget) => {
        const { p50, p95, p99 } = summarize(measured.latencies);
        return {
          bench: 'media',
          name,
          rate: measured.latencies.length / (measured.elapsedMs / 1000),
          p50,
          p95,
          p99,
          errors: measured.errors.length,
          ...(budget
            ? {
                budget: budget.text,
                verdict:
                  p95 <= budget.p95Ms && measured.errors.length === 0
                    ? 'PASS'
                    : `MISS (p95 ${p95.toFixed(0)} ms${measured.errors.length ? `; ${measured.errors.length} errors` : ''})`,
              }
            : {}),
        };
      };
      for (const [name, measured] of [
        ['photos', photoRun],
        ['videos', videoRun],
        ['burst', burstRun],
      ]) {
        if (measured.errors.length > 0) {
          log(`${name}: ${measured.errors.length} errors, the first: ${measured.errors[0]?.message}`);
        }
      }
      const throughput = burstRun.latencies.length / burstSeconds;
      log(
        `${burstRun.latencies.length} photos in ${burstSeconds.toFixed(1)} s: ${throughput.toFixed(2)} photos/s`,
      );
      return [
        row('12 MP photo: publish → renditions, ThumbHash, pushed', photoRun, MEDIA_BUDGET),
        row('  bare sharp: the same renditions + ThumbHash', sharpRun),
        row('30 s 1080p video: publish → copy, poster, ThumbHash, pushed', videoRun),
        row('  bare ffprobe + ffmpeg + sharp: the same work', ffmpegRun),
        {
          ...row(`12 MP photos, ${inFlight} in flight: ${throughput.toFixed(2)} photos/s`, burstRun),
          rate: throughput,
        },
      ];
    },
    { timeLimitMs: 20 * 60_000 },
  );
}

/** Runs `task(i)` `count` times, one after another, timing each. */
async function sequential(count, task) {
  const latencies = [];
  const errors = [];
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const at = performance.now();
    try {
      const measured = await task(index);
      latencies.push(typeof measured === 'number' ? measured : performance.now() - at);
    } catch (error) {
      errors.push(error);
    }
  }
  return { latencies, errors, elapsedMs: performance.now() - started };
}

/** `task` over `items` with at most `limit` at once; each task answers its own latency. */
async function limited(items, limit, task) {
  const latencies = [];
  const errors = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        try {
          latencies.push(await task(items[index], index));
        } catch (error) {
          errors.push(error);
        }
      }
    }),
  );
  return { latencies, errors, elapsedMs: performance.now() - started };
}

/**
 * A photo with detail everywhere (smooth gradients under a fine pattern), so it decodes and
 * compresses like a camera's rather than like a flat colour: about 3 MB at quality 90.
 */
async function twelveMegapixelJpeg() {
  const { width, height } = PHOTO;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const grain = ((x * 7919 + y * 104729) % 61) - 30;
      pixels[at] = Math.max(0, Math.min(255, (x * 255) / width + grain));
      pixels[at + 1] = Math.max(0, Math.min(255, (y * 255) / height + grain));
      pixels[at + 2] = Math.max(0, Math.min(255, 128 + 100 * Math.sin((x + y) / 90) + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A 640×480 photo: the cover an activity with a video needs, cheap beside the video. */
function smallJpeg() {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .jpeg()
    .toBuffer();
}

/** 30 s of ffmpeg's moving test pattern at 1080p30 with a tone, H.264/AAC in MP4, as a phone records. */
async function fullHdVideo(dir) {
  const file = join(dir, 'clip.mp4');
  await execFileAsync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=duration=${VIDEO.seconds}:size=${VIDEO.width}x${VIDEO.height}:rate=30`,
    '-f',
    'lavfi',
    '-i',
    `sine=duration=${VIDEO.seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    file,
  ]);
  return readFileSync(file);
}

/** What the worker's ImageProcessor.responsiveImages does, in plain sharp. */
async function bareRenditions(input) {
  await sharp(input).metadata();
  const master = await sharp(input)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: Math.max(...WIDTHS), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fromMaster = () =>
    sharp(master.data, {
      raw: { width: master.info.width, height: master.info.height, channels: master.info.channels },
    });
  await Promise.all([
    ...WIDTHS.map((width) => fromMaster().resize({ width }).webp({ quality: 75, effort: 2 }).toBuffer()),
    ...WIDTHS.map((width) => fromMaster().resize({ width }).jpeg({ quality: 82, mozjpeg: true }).toBuffer()),
    fromMaster().resize({ width: 16 }).jpeg({ quality: 50 }).toBuffer(),
    thumbHash(fromMaster()),
  ]);
}

async function thumbHash(image) {
  const { data, info } = await image
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return rgbaToThumbHash(info.width, info.height, data);
}

/** What the worker's VideoProcessor does, then the poster's JPEG and ThumbHash, in plain tools. */
async function bareVideoWork(input, dir) {
  const work = join(dir, `bare-${randomUUID()}`);
  const file = `${work}.in`;
  writeFileSync(file, input);
  try {
    await execFileAsync('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_streams',
      '-show_format',
      file,
    ]);
    const { stdout: frame } = await execFileAsync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-ss',
        '1',
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
      ],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    await execFileAsync('ffmpeg', [
      '-v',
      'error',
      '-i',
      file,
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
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      `${work}.out`,
    ]);
    readFileSync(`${work}.out`);
    await Promise.all([
      sharp(frame).rotate().resize({ width: POSTER_WIDTH }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
      thumbHash(sharp(frame).rotate()),
    ]);
  } finally {
    rmSync(file, { force: true });
    rmSync(`${work}.out`, { force: true });
  }
}

const headersOf = (member) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${member.accessToken}`,
});

function upload(apiUrl, member, bytes, contentType, fileName) {
  return uploadActivityMedia(apiUrl, headersOf(member), { bytes, contentType, fileName });
}

async function publish(apiUrl, member, categoryId, uploadIds, index) {
  const response = await fetch(`${apiUrl}/api/activities`, {
    method: 'POST',
    headers: headersOf(member),
    body: JSON.stringify({
      title: `Bench media ${index}`,
      description: 'Published by bench/media.mjs.',
      categoryId,
      budget: '$',
      timeRequired: 'Under 4 hours',
      media: uploadIds.map((uploadId, position) => ({ uploadId, position })),
      requestId: randomUUID(),
    }),
  });
  if (response.status !== 201) {
    throw new Error(`publish: HTTP ${response.status} ${await response.text()}`);
  }
  return String((await response.json()).id);
}

/** The post's item at `position` as the owner reads it after its push: ready, rendered, with a ThumbHash. */
async function expectProcessed(apiUrl, member, postId, position) {
  const response = await fetch(`${apiUrl}/api/activities/${postId}`, { headers: headersOf(member) });
  const post = await response.json();
  const item = post.media?.find((candidate) => candidate.position === position);
  const complete =
    item?.status === 'ready' &&
    item.thumbhash &&
    item.width &&
    (item.type === 'video' ? item.posterUrl : item.sources.length === WIDTHS.length * TYPES.length);
  if (!complete) {
    throw new Error(`post ${postId} after its push: ${JSON.stringify(item)}`);
  }
}

/** The owner's socket: each `media.status` push, by upload, with the time it arrived. */
async function ownerSocket(apiUrl, member) {
  const socket = io(apiUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: member.accessToken },
  });
  const waiting = new Map();
  const early = new Map();
  socket.on('media.status', (payload) => {
    const heard = { ...payload, at: performance.now() };
    const waiter = waiting.get(payload.uploadId);
    if (waiter) {
      waiting.delete(payload.uploadId);
      waiter(heard);
    } else {
      early.set(payload.uploadId, heard);
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return {
    waitFor(uploadId) {
      const heard = early.get(uploadId);
      if (heard) {
        early.delete(uploadId);
        return Promise.resolve(heard);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(uploadId);
          reject(new Error(`no media.status for ${uploadId} within ${PUSH_TIMEOUT_MS / 1000} s`));
        }, PUSH_TIMEOUT_MS);
        waiting.set(uploadId, (value) => {
          clearTimeout(timer);
          resolve(value);
        });
      });
    },
    close: () => socket.disconnect(),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      photos: { type: 'string' },
      videos: { type: 'string' },
      burst: { type: 'string' },
      'in-flight': { type: 'string' },
    },
  });
  const options = Object.fromEntries(
    Object.entries({
      photos: values.photos,
      videos: values.videos,
      burst: values.burst,
      inFlight: values['in-flight'],
    })
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, Number(value)]),
  );
  ensureBuilt();
  printTable(
    await run(options),
    'Media: upload confirmed → renditions, ThumbHash and the owner’s media.status push, one worker',
  );
}
