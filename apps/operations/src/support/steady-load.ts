export interface LoadRequest {
  method: 'GET' | 'PUT' | 'DELETE' | 'POST';
  path: string;
  token: string;
}

export interface LoadTotals {
  ok: number;
  failed: number;
  /** The first failures, as "METHOD path → status or error", for the assertion message. */
  failures: string[];
}

export interface SteadyLoad {
  totals(): LoadTotals;
  /** Ends every loop after its current request and resolves with the final totals. */
  stop(): Promise<LoadTotals>;
}

/**
 * `loops` clients, each sending one request after the other as fast as they are answered, through
 * `baseUrl`. Every answer other than 2xx, and every network error, is a failure.
 */
export function startSteadyLoad(
  baseUrl: string,
  loops: number,
  next: (loop: number, iteration: number) => LoadRequest,
): SteadyLoad {
  const totals: LoadTotals = { ok: 0, failed: 0, failures: [] };
  let running = true;
  const fail = (request: LoadRequest, what: string) => {
    totals.failed += 1;
    if (totals.failures.length < 10) {
      totals.failures.push(`${request.method} ${request.path} → ${what}`);
    }
  };
  const loop = async (index: number) => {
    for (let iteration = 0; running; iteration += 1) {
      const request = next(index, iteration);
      try {
        const response = await fetch(`${baseUrl}${request.path}`, {
          method: request.method,
          headers: { authorization: `Bearer ${request.token}` },
          signal: AbortSignal.timeout(10_000),
        });
        const body = await response.text();
        if (response.ok) {
          totals.ok += 1;
        } else {
          fail(request, `${response.status} ${body.slice(0, 200)}`);
        }
      } catch (error) {
        fail(request, String((error as Error & { cause?: unknown }).cause ?? error));
      }
    }
  };
  const done = Promise.all(Array.from({ length: loops }, (_, index) => loop(index)));
  return {
    totals: () => ({ ...totals, failures: [...totals.failures] }),
    async stop() {
      running = false;
      await done;
      return { ...totals, failures: [...totals.failures] };
    },
  };
}
