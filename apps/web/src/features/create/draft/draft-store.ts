import { releaseDraftMediaUrls } from './media-urls';
import { deleteStoredDraft, readStoredDraft, writeStoredDraft } from './draft-storage';
import { EMPTY_DRAFT, type PostDraft } from './post-draft';

type Snapshot = { status: 'loading' } | { status: 'ready'; draft: PostDraft };

/**
 * The one draft of the create flow, shared by its three pages (details, crop, preview), read from
 * storage once and written back on every change so a reload resumes where the member was.
 */
class DraftStore {
  private snapshot: Snapshot = { status: 'loading' };
  private loading: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    this.load();
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  update(change: (draft: PostDraft) => PostDraft) {
    if (this.snapshot.status !== 'ready') {
      return;
    }
    this.set(change(this.snapshot.draft));
    void writeStoredDraft(this.snapshot.draft).catch(reportStorageFailure);
  }

  /** After publishing: the next post starts empty. */
  async clear() {
    this.set(EMPTY_DRAFT);
    releaseDraftMediaUrls();
    await deleteStoredDraft().catch(reportStorageFailure);
  }

  private load() {
    this.loading ??= readStoredDraft()
      .catch((error: unknown) => {
        reportStorageFailure(error);
        return undefined;
      })
      .then((stored) => this.set({ ...EMPTY_DRAFT, ...stored }));
  }

  private set(draft: PostDraft) {
    this.snapshot = { status: 'ready', draft };
    this.listeners.forEach((listener) => listener());
  }
}

/** A draft that cannot be stored still works for this visit; the console says why it won't last. */
function reportStorageFailure(error: unknown) {
  console.warn('The post draft could not be stored.', error);
}

export const draftStore = new DraftStore();
