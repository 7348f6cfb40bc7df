import { sessionSchema, type Session as AuthSession } from '@datebook/contracts';

/** Where the session outlives a reload, and how a tab hears that another tab changed it. */
export interface SessionPersistence {
  read(): AuthSession | null;
  write(session: AuthSession | null): void;
  /** Calls `listener` with the stored session whenever another tab changes it. */
  onExternalChange(listener: (session: AuthSession | null) => void): () => void;
}

const SESSION_KEY = 'datebook.session';

/** The session in localStorage, shared by every tab; the `storage` event tells the other tabs. */
export const localSessionPersistence: SessionPersistence = {
  read: readStoredSession,
  write(session) {
    try {
      if (session) {
        localStorage.setItem(SESSION_KEY, JSON.stringify(session));
      } else {
        localStorage.removeItem(SESSION_KEY);
      }
    } catch {
      // Storage switched off: the session then lasts as long as this tab.
    }
  },
  onExternalChange(listener) {
    const handleStorage = (event: StorageEvent) => {
      // A null key means another tab cleared the whole storage.
      if (event.key === SESSION_KEY || event.key === null) {
        listener(readStoredSession());
      }
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  },
};

function readStoredSession(): AuthSession | null {
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage switched off, or a value we cannot read: signed out is the safe answer.
    return null;
  }
}
