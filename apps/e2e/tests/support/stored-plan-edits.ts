import type { Page } from '@playwright/test';

/**
 * How many unsent plan edits the page's origin holds in IndexedDB, over every plan and member.
 * The editor writes its queue there asynchronously; a tab closed before that write commits would
 * take the edit with it, so a test that closes a tab on purpose first waits for the write.
 */
export function storedPlanEdits(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('datebook-plans');
        opening.onerror = () => reject(new Error(String(opening.error)));
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains('pending-ops')) {
            database.close();
            resolve(0);
            return;
          }
          const reading = database.transaction('pending-ops', 'readonly').objectStore('pending-ops').getAll();
          reading.onerror = () => reject(new Error(String(reading.error)));
          reading.onsuccess = () => {
            database.close();
            resolve((reading.result as unknown[][]).reduce((total, queue) => total + queue.length, 0));
          };
        };
      }),
  );
}
