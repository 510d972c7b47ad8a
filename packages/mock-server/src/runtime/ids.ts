import { hash32 } from './random.js'

/**
 * Builds the opaque id number `counter` of a seed (D5): a fixed-width hash of (seed, counter)
 * followed by the counter, so ids repeat for a seed and never collide.
 */
export function opaqueId(prefix: string, seed: number, counter: number): string {
  const mixed = hash32(`${seed}:${counter}`).toString(36).padStart(7, '0')
  return `${prefix}_${mixed}${counter.toString(36)}`
}
