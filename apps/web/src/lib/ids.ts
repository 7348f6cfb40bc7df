/** Posts, collections and plans have numeric ids; any other id in a URL cannot name one. */
export function isNumericId(id: string | undefined): id is string {
  return id !== undefined && /^\d+$/.test(id);
}
