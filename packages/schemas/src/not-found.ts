import { ERRORS } from './errors.js'

// Apart from errors.ts: reading ERRORS here is a property access, which a bundler must keep, and
// with it ERRORS, in every client that imports the error envelope.

/** Messages of the 404 cases besides an unknown session (DECISIONS D3, D12). */
export const NOT_FOUND_MESSAGES = {
  session: ERRORS.not_found.message,
  route: 'route not found',
  variant: 'preview variant not found',
  preview: 'preview not found',
} as const
