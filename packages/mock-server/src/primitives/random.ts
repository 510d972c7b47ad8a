/** A small seeded PRNG (mulberry32): the demo library and every generated id repeat for a seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** FNV-1a over a string's UTF-16 code units or over bytes: a stable 32-bit hash. */
export function hash32(input: string | Uint8Array, seed = 0x811c9dc5): number {
  let hash = seed >>> 0
  const length = input.length
  for (let index = 0; index < length; index++) {
    const unit = typeof input === 'string' ? input.charCodeAt(index) : (input[index] as number)
    hash = Math.imul(hash ^ unit, 0x01000193) >>> 0
  }
  return hash
}

export function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T
}
