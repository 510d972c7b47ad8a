// Sample values written from SPEC.md's field tables and DECISIONS.md's rules, independent of the
// schemas under test, so that a test compares the contract against the documents.
import type * as z from 'zod/mini'
import { formatIssues } from '../src/index.js'

export const at = '2026-11-21T10:00:00.000Z'

export const previewSample = { id: 'pv_1', name: 'Mix', path: '/music/night-drive/mix.wav', status: 'ready' }

export const sessionSample = {
  id: 'ses_1',
  title: 'Night Drive',
  kind: 'ableton',
  status: 'mixing',
  accent: '#ff8800',
  tags: ['drums', 'vox'],
  notes: 'Bass too loud in the bridge.',
  lastOpened: at,
  projectPath: '/music/night-drive.als',
  projectOriginalPath: '/music/night-drive.als',
  previewStatus: 'ready',
  previewUrl: '',
  previewAudioUrl: '',
  previewAudioMime: 'audio/wav',
  preferredPreviewId: 'pv_1',
  previews: [previewSample],
}

export const waveformSample = {
  key: 'wf_ses_1_pv_1',
  bucketCount: 4,
  duration: 182.5,
  sampleRate: 48_000,
  audioVersion: 'v1',
  peaks: [0, 0.25, 1, 0.5],
}

export const waveformNoteSample = { id: 'wn_1', timestamp: 12.5, text: 'drop', createdAt: at, updatedAt: at }

export const healthSample = {
  status: 'ok',
  configuredMode: 'full-automation',
  effectiveMode: 'read-only',
  running: true,
  port: 4777,
  baseUrl: 'http://127.0.0.1:4777/api/v1',
  docsUrl: 'http://127.0.0.1:4777/docs',
  requestCount: 3,
  recentRequests: [{ method: 'GET', path: '/api/v1/sessions', statusCode: 200, at }],
}

export const importResultSample = {
  importId: 'imp_1',
  total: 2,
  completed: 0,
  failed: 0,
  skipped: 0,
  done: false,
  durationMs: 0,
}

/** The D4 message a schema gives for `value`, or `undefined` when it accepts it. */
export function messageOf(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  return result.success ? undefined : formatIssues(result.error.issues)
}

/** The parsed value, failing the test with the D4 message when the schema rejects it. */
export function parsed<T extends z.ZodMiniType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) throw new Error(`rejected: ${formatIssues(result.error.issues)}`)
  return result.data
}

/** `count` distinct values `prefix0`, `prefix1`, … */
export const distinct = (count: number, prefix = 't') => Array.from({ length: count }, (_, i) => `${prefix}${i}`)
