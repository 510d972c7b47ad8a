import * as z from 'zod/mini'
import { boundedText, list, optionalText, str, trimmedText, unique } from '../field-rules.js'
import type { Kind, Status } from '../known-values.js'
import { LIMITS } from '../limits.js'

// Each field's text for people: the OpenAPI document, the CLI's help and (kept equal by a test) the
// TSDoc an editor shows on hover.

/** D5: any text of 1–64 characters; the known values are suggestions. */
export const kindRule = boundedText(LIMITS.kindLength) as z.ZodMiniType<Kind, string>
const statusRule = boundedText(LIMITS.kindLength) as z.ZodMiniType<Status, string>

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

/** What the tags field says, in the create and update bodies and in the tags body. */
const TAGS_TEXT =
  `Tags to find the session by. Each is trimmed, then 1–${LIMITS.tagLength} characters without a comma; ` +
  `repeated tags are dropped (the first kept, order kept), then at most ${LIMITS.tagsPerSession} may remain (D6).`

/** The tags field of a write body (D6). */
export const tagsField = tagList.check(z.describe(TAGS_TEXT))

/**
 * The fields a client may write, each under the rules of DECISIONS D5–D7: the update body takes any
 * of them, the create body all of them with defaults but `title`.
 */
export const writable = {
  /** The session's name: trimmed, then 1–200 characters (D5). */
  title: trimmedText(LIMITS.titleLength).check(z.describe("The session's name: trimmed, then 1–200 characters (D5).")),
  /** The kind of project, usually its DAW (ableton, logic, reaper…): any text of 1–64 characters (D5). */
  kind: kindRule.check(
    z.describe('The kind of project, usually its DAW (ableton, logic, reaper…): any text of 1–64 characters (D5).'),
  ),
  /** Where the work stands (idea, in-progress, mixing, mastering, done, archived…): any text of 1–64 characters (D5). */
  status: statusRule.check(
    z.describe(
      'Where the work stands (idea, in-progress, mixing, mastering, done, archived…): any text of 1–64 characters (D5).',
    ),
  ),
  /** A colour as #rrggbb, or empty for none (D5). */
  accent: str().check(
    z.regex(/^(#[0-9a-fA-F]{6})?$/, 'must be "" or a #rrggbb colour'),
    z.describe('A colour as #rrggbb, or empty for none (D5).'),
  ),
  /** Tags to find the session by. Each is trimmed, then 1–64 characters without a comma; repeated tags are dropped (the first kept, order kept), then at most 100 may remain (D6). */
  tags: tagsField,
  /** Free text about the session, at most 100,000 characters (D7). */
  notes: optionalText(LIMITS.notesLength).check(
    z.describe('Free text about the session, at most 100,000 characters (D7).'),
  ),
  /** Where the project file lives on disk; the first one set is kept as projectOriginalPath (D5). */
  projectPath: str().check(
    z.describe('Where the project file lives on disk; the first one set is kept as projectOriginalPath (D5).'),
  ),
}
