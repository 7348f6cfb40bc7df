import { lazyPage } from '@/lib/lazy-page';

/** The three steps of creating a post, each loaded on first visit. */
export const createPages = {
  details: lazyPage(() => import('./create-page'), 'CreatePage'),
  crop: lazyPage(() => import('./crop-page'), 'CropPage'),
  preview: lazyPage(() => import('./create-preview-page'), 'CreatePreviewPage'),
};
