// The soak's photos: when each was published, and what the workers said of it on the owner's sockets.

/** Photos published and what their `media.status` said; both tabs of a member hear it, counted once. */
export class MediaTracker {
  published = new Map();
  ready = new Set();
  failed = new Set();
  latencies = [];
  /** Statuses that arrived before the publish call answered. */
  #early = new Map();

  publish(uploadId) {
    const at = performance.now();
    this.published.set(uploadId, at);
    const early = this.#early.get(uploadId);
    if (early) {
      this.#early.delete(uploadId);
      this.#settle(uploadId, early.status, early.at);
    }
  }

  status({ uploadId, status }) {
    if (!this.published.has(uploadId)) {
      this.#early.set(uploadId, { status, at: performance.now() });
      return;
    }
    this.#settle(uploadId, status, performance.now());
  }

  #settle(uploadId, status, at) {
    if (this.ready.has(uploadId) || this.failed.has(uploadId)) {
      return;
    }
    (status === 'ready' ? this.ready : this.failed).add(uploadId);
    if (status === 'ready') {
      this.latencies.push(Math.max(0, at - this.published.get(uploadId)));
    }
  }

  outstanding() {
    return this.published.size - this.ready.size - this.failed.size;
  }
}
