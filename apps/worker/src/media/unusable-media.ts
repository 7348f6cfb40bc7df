import { mediaMessages } from '@datebook/contracts';
import { ImageRejectedError } from './processing/image-processor';
import { VideoRejectedError } from './processing/video-processor';

/**
 * A file that cannot be used: an expected outcome of public uploads, not a fault to retry. It carries
 * the message for the owner and what to log.
 */
export class UnusableMediaError extends Error {
  constructor(
    readonly userMessage: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(userMessage);
    this.name = 'UnusableMediaError';
  }
}

/** Runs an image step; the image adapter's rejection becomes the owner's message. */
export async function unlessImageRejected<T>(step: Promise<T>, unreadable: string): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      const message = error.reason === 'too-many-pixels' ? mediaMessages.tooManyPixels : unreadable;
      throw new UnusableMediaError(message, { reason: error.reason, err: error.cause });
    }
    throw error;
  }
}

/** Runs a video step; the video adapter's rejection becomes the owner's message. */
export async function unlessVideoRejected<T>(step: Promise<T>, unreadable: string): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (error instanceof VideoRejectedError) {
      throw new UnusableMediaError(unreadable, { err: error.cause });
    }
    throw error;
  }
}
