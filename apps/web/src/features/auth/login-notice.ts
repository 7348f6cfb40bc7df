/** What a screen that sends the member to log in (a confirmed sign-up link) tells them there. */
export interface LoginNotice {
  notice: string;
}

/** The notice in a navigation's state, if it carries one: state is whatever history holds. */
export function loginNoticeOf(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string') {
    return state.notice;
  }
  return null;
}
