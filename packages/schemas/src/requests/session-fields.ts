import * as z from 'zod/mini'
import type { session } from '../answers/tolerant.js'
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
import { LIMITS } from '../limits.js'

// D6: the list filter splits on commas, so a tag holds none; in the pattern, so that the document says it too.
const tag = trimmedText(LIMITS.tagLength, true)

/** D6: tags trimmed, duplicates dropped keeping the first, at most 100 counted after that. */
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

/**
 * The fields a client may write, each under the rules of DECISIONS D5–D7 and with the session
 * field's text: the update body takes any of them, the create body all of them with defaults but `title`.
 */
export const writable: Writable = withTexts(FIELD_TEXTS.session, rules)
