/**
 * What changed: the mock's state (mode, services, faults, latency, clock, imports), everything
 * (a reset, which also empties the journal), or the mock's end (`dispose()`: streams close).
 */
export type ChangeKind = 'state' | 'reset' | 'dispose'

/**
 * Tells subscribers (the dashboard's event stream) that the mock's state changed. Costs one size
 * check per change when nobody listens, so the in-process mock does not pay for it.
 */
export class Changes {
  readonly #listeners = new Set<(kind: ChangeKind) => void>()

  /** Calls `listener` on each change from now on; returns the unsubscribe. */
  subscribe(listener: (kind: ChangeKind) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Tells every subscriber; a no-op without one. */
  emit(kind: ChangeKind = 'state'): void {
    for (const listener of this.#listeners) listener(kind)
  }
}
