import type * as z from 'zod/mini'
import { fieldPath } from './field-path.js'

/**
 * Session fields that only the server sets; a write body that carries one is rejected (DECISIONS D4).
 *
 * @example
 * ```ts
 * import { SERVER_MANAGED_FIELDS } from '@session-library/schemas'
 * SERVER_MANAGED_FIELDS.includes('id') // true
 * ```
 */
export const SERVER_MANAGED_FIELDS = [
  'id',
  'lastOpened',
  'previews',
  'projectOriginalPath',
  'previewStatus',
  'previewUrl',
  'previewAudioUrl',
  'previewAudioMime',
  'preferredPreviewId',
] as const

const managed: ReadonlySet<string> = new Set(SERVER_MANAGED_FIELDS)

function describe(issue: z.core.$ZodIssue, prefix: string): string[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      // Only a body's own keys are session fields; an `id` inside an import item is merely unknown.
      const rule = managed.has(key) && issue.path.length === 0 ? 'is managed by the server' : 'is not a known field'
      return `${fieldPath([...issue.path, key], prefix)}: ${rule}`
    })
  }
  return [`${fieldPath(issue.path, prefix)}: ${issue.message}`]
}

/**
 * Turns a failed validation into the 400 message of DECISIONS D4: each field named with its rule,
 * e.g. `title: must be a non-empty string`. `prefix` names where the value came from (a query
 * parameter has no prefix; a body field neither, so that the message names the field as sent).
 *
 * @example
 * ```ts
 * import { formatIssues, sessionCreateBody } from '@session-library/schemas'
 * const result = sessionCreateBody.safeParse({ title: ' ' })
 * if (!result.success) formatIssues(result.error.issues) // 'title: must be a non-empty string'
 * ```
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], prefix = ''): string {
  return issues.flatMap((issue) => describe(issue, prefix)).join('; ')
}
