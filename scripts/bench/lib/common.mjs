// Shared by the benchmarks: the workload's constants, the --quick flag, where the built packages
// are, and how a benchmark hands its rows to scripts/bench.mjs.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The token every benchmark server accepts. */
export const TOKEN = 'bench-token'
/** A fixed clock, so the mock's demo library and the plain server's are the same records. */
export const NOW = '2026-11-21T10:00:00.000Z'
/** The library the server benchmarks serve (the "50 of 10,000 sessions"). */
export const SESSIONS = 10_000
/** Load: keep-alive connections of the load generator. */
export const CONNECTIONS = 16

/** `--quick`: shorter runs, for development; the figures are noisier. */
export const quick = process.argv.includes('--quick')

/** Absolute path of a file in the checkout. */
export const root = (path) => fileURLToPath(new URL(`../../../${path}`, import.meta.url))

/**
 * Prints the benchmark's rows as the last line of stdout, where scripts/bench.mjs reads them.
 * A row: { benchmark, baseline, subject, unit, better: 'higher' | 'lower', resolution?, target?, met? }.
 */
export function emit(rows) {
  process.stdout.write(`\nBENCH_ROWS ${JSON.stringify(rows)}\n`)
}

/** The q-th quantile (0..1) of sorted numbers. */
export function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

/** Median of numbers (not sorted in place). */
export function median(values) {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  )
}

/** Runs `node --input-type=module -e <code>` in `directory`: its stdout, and the ms from spawn to exit. */
export function runModule(code, directory) {
  const started = performance.now()
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: directory, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`${code.slice(0, 60)}…: exit ${run.status}: ${run.stderr}`)
  return { ms: performance.now() - started, stdout: run.stdout }
}
