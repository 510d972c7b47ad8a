import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { build } from 'esbuild'

/**
 * A program bundled from its TypeScript sources (the workspace packages it imports too, through
 * `alias`) into one ESM file, once per test process: tests need no build and never run a stale
 * dist, and each start costs a plain `node` start.
 */
export interface NodeBundle {
  /** The bundle's path, made on first call. */
  path(): Promise<string>
  /** Removes the bundle, if one was made. */
  remove(): Promise<void>
}

/**
 * Makes the {@link NodeBundle} of `entry`.
 *
 * @example
 * ```ts
 * const bin = nodeBundle('/repo/packages/cli/src/bin.ts', { '@session-library/schemas': '/repo/packages/schemas/src/index.ts' })
 * spawn(process.execPath, [await bin.path(), '--version'])
 * ```
 */
export function nodeBundle(entry: string, alias: Record<string, string>): NodeBundle {
  let made: Promise<string> | undefined
  return {
    path() {
      made ??= mkdtemp(join(tmpdir(), 'node-bundle-')).then(async (directory) => {
        const outfile = join(directory, 'main.mjs')
        await build({
          entryPoints: [entry],
          outfile,
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          logLevel: 'error',
          alias,
          // Bundled CommonJS dependencies still call require().
          banner: {
            js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
          },
        })
        return outfile
      })
      return made
    },
    async remove() {
      const path = made
      made = undefined
      if (path) await rm(dirname(await path), { recursive: true, force: true })
    },
  }
}
