import { hash32 } from './random.js'

/** The opaque id `counter` of a seed (D5): a fixed-width hash of both, then the counter, so ids never collide. */
export function opaqueId(prefix: string, seed: number, counter: number): string {
  // The hash goes on from the seed's part, hashed once per seed: the same as hashing `seed:counter`.
  const mixed = hash32(`${counter}`, seedHash(seed)).toString(36).padStart(7, '0')
  return `${prefix}_${mixed}${counter.toString(36)}`
}

let hashed = { seed: Number.NaN, hash: 0 }

function seedHash(seed: number): number {
  if (hashed.seed !== seed) hashed = { seed, hash: hash32(`${seed}:`) }
  return hashed.hash
}
