import type * as z from 'zod/mini'

/** A field's path as a person reads it (`data[0].kind`), after `prefix`; an empty path is `whole`. */
export function fieldPath(path: readonly PropertyKey[], prefix = '', whole = 'body'): string {
  let name = prefix
  for (const key of path) {
    name += typeof key === 'number' ? `[${key}]` : `${name ? '.' : ''}${String(key)}`
  }
  return name || whole
}

/** Session fields that only the server sets; a write body that carries one is rejected (DECISIONS D4). */
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

/** How every program words a value that breaks the contract (the mock's 400s, the SDK, the CLI, `check`). */
export const ISSUE_WORDING = {
  unknownField: 'is not a known field',
  managedField: 'is managed by the server',
  missing: 'is missing',
  null: 'is null where the contract has no value',
  wrongType: 'has the wrong type',
  unknownValue: 'is not one of the known values',
  notJson: 'is not JSON',
} as const

// zod/mini loads no locale: a schema without a message of its own says only this.
const ZOD_DEFAULT = 'Invalid input'

/** Each field an issue names, with its rule as {@link ISSUE_WORDING} or the contract words it: `title: must be …`. */
export function issueLines(issues: readonly z.core.$ZodIssue[], prefix = '', whole = 'body'): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        // Only a body's own keys are session fields; an `id` inside an import item is merely unknown.
        const rule =
          managed.has(key) && issue.path.length === 0 ? ISSUE_WORDING.managedField : ISSUE_WORDING.unknownField
        return `${fieldPath([...issue.path, key], prefix, whole)}: ${rule}`
      })
    }
    const rule =
      issue.code === 'invalid_type' && issue.message === ZOD_DEFAULT ? `expected ${issue.expected}` : issue.message
    return [`${fieldPath(issue.path, prefix, whole)}: ${rule}`]
  })
}

/** A failed validation as the 400 message of DECISIONS D4: the {@link issueLines} joined by `; `. */
export function formatIssues(issues: readonly z.core.$ZodIssue[], prefix = ''): string {
  return issueLines(issues, prefix).join('; ')
}
