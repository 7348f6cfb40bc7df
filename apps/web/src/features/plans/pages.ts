import { lazyPage } from '@/lib/lazy-page';

/** The plan screens, each loaded on first visit. */
export const planPages = {
  shared: lazyPage(() => import('./shared-plan-page'), 'SharedPlanPage'),
  editor: lazyPage(() => import('./plan-editor-page'), 'PlanEditorPage'),
  preview: lazyPage(() => import('./plan-preview-page'), 'PlanPreviewPage'),
};
