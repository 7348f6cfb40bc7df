import { newOpId } from '@datebook/domain';

/** This tab, as the server tells its edits apart from another tab's of the same member. */
export const TAB_CLIENT_ID = `web-${newOpId().slice(-12)}`;
