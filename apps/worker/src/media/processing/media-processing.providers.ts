import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@datebook/server';
import { ImageProcessor } from './image-processor';
import { VideoProcessor } from './video-processor';

/**
 * The image (sharp) and video (ffmpeg) adapters. Only the worker provides them, so the api never
 * loads sharp's native library nor spends its memory on libvips.
 */
export const mediaProcessingProviders: Provider[] = [
  {
    provide: ImageProcessor,
    useFactory: (config: AppConfig): ImageProcessor => new ImageProcessor(config.media),
    inject: [APP_CONFIG],
  },
  { provide: VideoProcessor, useFactory: (): VideoProcessor => new VideoProcessor() },
];
