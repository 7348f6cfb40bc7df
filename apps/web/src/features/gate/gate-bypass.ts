/** Route `handle` of the pages anyone may open without an access code (shared plans). */
export const GATE_BYPASS = { bypassGate: true } as const;

export function bypassesGate(handle: unknown): boolean {
  return (
    typeof handle === 'object' && handle !== null && 'bypassGate' in handle && handle.bypassGate === true
  );
}
