/** What a stopping api does, in the order `shutDownGracefully` runs it. */
export interface ShutdownSteps {
  /** Readiness starts failing; everything else keeps serving. */
  markDraining(): void;
  /** Waits while load balancers notice the failing readiness and route elsewhere. */
  waitForDrain(): Promise<void>;
  /**
   * Stops accepting connections; resolves once every request already accepted has been answered
   * and every connection has closed.
   */
  stopAccepting(): Promise<void>;
  /** Closes the Socket.IO transports, so clients reconnect by themselves, to another replica. */
  disconnectSockets(): void;
  /** The rest of the app: shutdown hooks, then database pools and Redis. */
  closeApp(): Promise<void>;
}

/**
 * The graceful drain: not-ready first, then (after the drain time) no new connections while the
 * accepted requests finish, and only then the pools and Redis they use.
 * WebSockets are closed once the listener is going away, rather than waited for: they never end on
 * their own, and a client that reconnects right away must reach another replica.
 */
export async function shutDownGracefully(steps: ShutdownSteps): Promise<void> {
  steps.markDraining();
  await steps.waitForDrain();
  const stopped = steps.stopAccepting();
  steps.disconnectSockets();
  await stopped;
  await steps.closeApp();
}
