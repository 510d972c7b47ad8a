import * as z from 'zod/mini'
import type { preview, session } from '../answers/tolerant.js'
import {
  accentRule,
  kindRule,
  list,
  optionalText,
  statusRule,
  str,
  strict,
  trimmedText,
  unique,
  withTexts,
} from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { LIMITS } from '../known-values.js'

// D6: the list filter splits on commas, so a tag holds none; in the pattern, so that the document says it too.
const tag = trimmedText(LIMITS.tagLength, true)

const tagList = z.pipe(
  list(tag),
  z.transform((tags: string[], ctx) => {
    const kept = unique(tags)
    if (kept.length > LIMITS.tagsPerSession) {
      ctx.issues.push({
        code: 'custom',
        input: tags,
        message: `must hold at most ${LIMITS.tagsPerSession} distinct tags`,
      })
    }
    return kept
  }),
)

type SessionShape = typeof session.def.shape
type WriteRules = typeof rules
// Keyed by the session's own shape, so that each field carries the TSDoc written once in
// answers/tolerant.ts (an editor shows it on a body's field too) under its write rule.
type Writable = { [Key in keyof Pick<SessionShape, keyof WriteRules>]: WriteRules[Key] }

const rules = {
  title: trimmedText(LIMITS.titleLength),
  kind: kindRule,
  status: statusRule,
  accent: accentRule(),
  tags: tagList,
  notes: optionalText(LIMITS.notesLength),
  projectPath: str(),
}

export const writable: Writable = withTexts(FIELD_TEXTS.session, rules)

/** What a new session gets for each field the create body leaves out (DECISIONS D5). */
export const SESSION_DEFAULTS = {
  kind: 'other',
  status: 'idea',
  accent: '',
  tags: [] as string[],
  notes: '',
  projectPath: '',
} as const

/**
 * What the server sets on a new session's preview fields (DECISIONS D5): no preview yet. A function,
 * so that every session gets its own `previews` array.
 */
export function previewDefaults() {
  return {
    previewStatus: 'none',
    previewUrl: '',
    previewAudioUrl: '',
    previewAudioMime: '',
    preferredPreviewId: '',
    previews: [] as z.infer<typeof preview>[],
  } as const satisfies Partial<z.infer<typeof session>>
}

type Defaults = typeof SESSION_DEFAULTS
// Mapped types over the writable fields, named in the bodies' declared types: the emitted
// declarations then refer to `writable`, whose fields carry their TSDoc, instead of spelling each
// field out without it (an editor would show no text on hover).
type WithDefaults = {
  [Key in keyof Writable]: Key extends keyof Defaults ? z.ZodMiniDefault<Writable[Key]> : Writable[Key]
}
type AllOptional = { [Key in keyof Writable]: z.ZodMiniOptional<Writable[Key]> }

function withDefaults(): WithDefaults {
  const entries = Object.entries(writable).map(([key, schema]) => {
    if (!Object.hasOwn(SESSION_DEFAULTS, key)) return [key, schema]
    const value = SESSION_DEFAULTS[key as keyof Defaults]
    // A new array per session, never the shared default.
    return [key, z._default(schema, () => (Array.isArray(value) ? [...value] : value))]
  })
  return Object.fromEntries(entries) as WithDefaults
}

/**
 * The exact body of `POST /sessions` (SPEC §4.4, DECISIONS D4–D7): `title` required, the rest
 * defaulted, unknown and server-managed fields rejected.
 */
export const sessionCreateBody = strict(withDefaults())

/**
 * The exact body of `PATCH /sessions/{id}` (SPEC §4.6, DECISIONS D8): any writable field, each
 * under the create rules; `{}` is a no-op; `null` is no value.
 */
export const sessionUpdateBody: z.ZodMiniObject<AllOptional, z.core.$strict> = z.partial(strict(writable))

/** The exact body of `PUT`/`PATCH /sessions/{id}/tags` (SPEC §4.8, DECISIONS D6). */
export const tagsBody = strict({ tags: writable.tags } as Pick<Writable, 'tags'>)

/**
 * The exact body of `PUT`/`PATCH /sessions/{id}/notes` (SPEC §4.9, DECISIONS D7): `""` or `null`
 * clears them.
 */
export const notesBody = strict(
  withTexts(FIELD_TEXTS.notesBody, {
    /** The new notes, at most 100,000 characters; "" or null clears them (D7). */
    notes: z.pipe(
      z.nullable(writable.notes),
      z.transform((notes: string | null) => notes ?? ''),
    ),
  }),
)
