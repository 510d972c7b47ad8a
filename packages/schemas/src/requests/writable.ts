import * as z from 'zod/mini'
import type { preview, session } from '../answers/tolerant.js'
import {
  accentRule,
  kindRule,
  list,
  optionalText,
  statusRule,
  str,
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
export type Writable = { [Key in keyof Pick<SessionShape, keyof WriteRules>]: WriteRules[Key] }

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
