/**
 * The mock was reset (or reseeded) while this request was under way: what it would have written
 * or journaled belongs to a library that no longer exists, so it writes and journals nothing.
 */
export class Superseded extends Error {
  constructor() {
    super('The mock was reset while this request was under way.')
    this.name = 'Superseded'
  }
}
