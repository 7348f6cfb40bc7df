/// <reference lib="dom" />
// Runs in the browser (page.evaluate), hence the DOM types.
/** Runs in the page: every cookie, storage entry and IndexedDB record a script there can read. */
export async function everythingScriptsCanRead(): Promise<string> {
  const entries = (storage: Storage) =>
    Array.from({ length: storage.length }, (_, index) => {
      const key = storage.key(index)!;
      return `${key}=${storage.getItem(key)}`;
    });
  const records: unknown[] = [];
  for (const { name } of await indexedDB.databases()) {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name!);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(new Error(String(opening.error)));
    });
    for (const store of Array.from(db.objectStoreNames)) {
      const all = db.transaction(store).objectStore(store).getAll();
      records.push(
        await new Promise((resolve, reject) => {
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(new Error(String(all.error)));
        }),
      );
    }
    db.close();
  }
  return JSON.stringify({
    cookies: document.cookie,
    local: entries(localStorage),
    session: entries(sessionStorage),
    records,
  });
}
