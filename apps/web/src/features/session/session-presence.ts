import type { Session as AuthSession } from '@datebook/contracts';

/**
 * Which session this browser holds, shared by its tabs: a marker naming the user and the level the
 * session reached, and nothing secret. The refresh token is in an HttpOnly cookie no script can read,
 * and each tab keeps its access token in memory. The marker saves a visitor's every page load a
 * refresh call that could only fail, and its changes tell the other tabs that someone signed in or
 * out, or passed their second factor.
 */
export interface SessionPresence {
  read(): string | null;
  write(marker: string | null): void;
  /** Calls `listener` whenever another tab changes the marker. */
  onExternalChange(listener: (marker: string | null) => void): () => void;
}

const PRESENCE_KEY = 'datebook.signed-in';

/** The marker in localStorage; the `storage` event tells the other tabs. */
export const localSessionPresence: SessionPresence = {
  read: readPresence,
  write(marker) {
    try {
      if (marker) {
        localStorage.setItem(PRESENCE_KEY, marker);
      } else {
        localStorage.removeItem(PRESENCE_KEY);
      }
    } catch {
      // Storage switched off: every page load then asks the api whether a session exists.
    }
  },
  onExternalChange(listener) {
    const handleStorage = (event: StorageEvent) => {
      // A null key means another tab cleared the whole storage.
      if (event.key === PRESENCE_KEY || event.key === null) {
        listener(readPresence());
      }
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  },
};

function readPresence(): string | null {
  try {
    return localStorage.getItem(PRESENCE_KEY);
  } catch {
    // Storage switched off: assume a session may exist, and let the refresh call tell.
    return 'unknown';
  }
}

/**
 * The last signed-in member of this browser, tokens stripped: what a page reloaded offline opens as.
 * Written with the presence marker and forgotten with it on sign-out.
 */
export interface KnownSession {
  /** Async: the session's schema (and zod with it) loads only when a reload finds the api away. */
  read(): Promise<AuthSession | null>;
  write(session: AuthSession | null): void;
}

const KNOWN_KEY = 'datebook.known-session';

export const localKnownSession: KnownSession = {
  async read() {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(KNOWN_KEY) ?? 'null');
      const { sessionSchema } = await import('./session-schema');
      const parsed = sessionSchema.safeParse(stored);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  write(session) {
    try {
      if (session) {
        localStorage.setItem(KNOWN_KEY, JSON.stringify(session));
      } else {
        localStorage.removeItem(KNOWN_KEY);
      }
    } catch {
      // Storage switched off: a reload offline then opens signed out.
    }
  },
};
