import { currentSession } from '@/features/session';
import { releaseDraftMediaUrls } from './media-urls';
import { indexedDbDraftStorage, type DraftStorage } from './draft-storage';
import { EMPTY_DRAFT, type PostDraft } from './post-draft';

type Snapshot = { status: 'loading' } | { status: 'ready'; userId: string; draft: PostDraft };

const LOADING: Snapshot = { status: 'loading' };

/** Who is signed in in this browser, and word when that changes. */
export interface SignedInSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): { user: { id: string } } | null;
}

/**
 * The draft of the create flow, shared by its three pages (details, crop, preview), read from
 * storage once and written back on every change so a reload resumes where the member was.
 *
 * It is one member's at a time: it is stored under their id, and dropped from memory as soon as
 * someone else, or no one, is signed in, so a shared browser never shows it to the next member.
 */
export class DraftStore {
  private snapshot: Snapshot = LOADING;
  private userId: string | null = null;
  /** Counts the drops, so a read that was started before one cannot land after it. */
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly storage: DraftStorage,
    session: SignedInSource,
  ) {
    session.subscribe(() => {
      if (session.getSnapshot()?.user.id !== this.userId) {
        this.drop();
      }
    });
  }

  /** Listens to `userId`'s draft, reading it from storage when another member's was in memory. */
  subscribe(userId: string, listener: () => void): () => void {
    this.listeners.add(listener);
    this.open(userId);
    return () => this.listeners.delete(listener);
  }

  getSnapshot = () => this.snapshot;

  update(change: (draft: PostDraft) => PostDraft) {
    if (this.snapshot.status !== 'ready') {
      return;
    }
    const { userId } = this.snapshot;
    const draft = change(this.snapshot.draft);
    this.set(userId, draft);
    void this.storage.write(userId, draft).catch(reportStorageFailure);
  }

  /** After publishing: `userId`'s next post starts empty. */
  async clear(userId: string) {
    if (this.snapshot.status === 'ready' && this.snapshot.userId === userId) {
      this.set(userId, EMPTY_DRAFT);
      releaseDraftMediaUrls();
    }
    await this.storage.remove(userId).catch(reportStorageFailure);
  }

  private open(userId: string) {
    if (this.userId === userId) {
      return;
    }
    this.drop();
    this.userId = userId;
    const generation = this.generation;
    void this.storage
      .read(userId)
      .catch((error: unknown) => {
        reportStorageFailure(error);
        return undefined;
      })
      .then((stored) => {
        if (this.generation === generation) {
          this.set(userId, { ...EMPTY_DRAFT, ...stored });
        }
      });
  }

  private drop() {
    this.generation += 1;
    this.userId = null;
    releaseDraftMediaUrls();
    this.snapshot = LOADING;
    this.listeners.forEach((listener) => listener());
  }

  private set(userId: string, draft: PostDraft) {
    this.snapshot = { status: 'ready', userId, draft };
    this.listeners.forEach((listener) => listener());
  }
}

/** A draft that cannot be stored still works for this visit; the console says why it won't last. */
function reportStorageFailure(error: unknown) {
  console.warn('The post draft could not be stored.', error);
}

export const draftStore = new DraftStore(indexedDbDraftStorage, currentSession);
