/**
 * The shells `completion` writes a script for.
 *
 * @example `SHELLS.includes('zsh') // true`
 */
export const SHELLS = ['bash', 'zsh', 'fish'] as const

/**
 * One of {@link SHELLS}.
 *
 * @example `const shell: Shell = 'fish'`
 */
export type Shell = (typeof SHELLS)[number]
