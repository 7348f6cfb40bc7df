/** The installed app: its service worker, the update prompt and the offline banner (issue 26). */
export { OfflineBanner } from './offline-banner';
export { startServiceWorker } from './service-worker';
export { UpdatePrompt } from './update-prompt';
