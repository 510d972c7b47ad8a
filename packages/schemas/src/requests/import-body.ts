import * as z from 'zod/mini'
import { bool, list, nonEmptyText, str, strict } from '../field-rules.js'
import { LIMITS } from '../limits.js'
import { kindRule, writable } from './session-fields.js'

const importItem = strict({
  /** The project file to import; an item whose path a session already has is skipped (D15). */
  projectPath: nonEmptyText().check(
    z.describe('The project file to import; an item whose path a session already has is skipped (D15).'),
  ),
  /** The new session's name: trimmed, then 1–200 characters; by default the file name without its extension (D15). */
  title: z
    .optional(writable.title)
    .check(
      z.describe(
        "The new session's name: trimmed, then 1–200 characters; by default the file name without its extension (D15).",
      ),
    ),
  /** The kind for this item when the body gives none; by default the one of the file's extension (D15). */
  projectType: z
    .optional(str())
    .check(
      z.describe("The kind for this item when the body gives none; by default the one of the file's extension (D15)."),
    ),
  /** An audio file that becomes the session's preview when generatePreviews is true (D15). */
  previewAudioPath: z
    .optional(str())
    .check(z.describe("An audio file that becomes the session's preview when generatePreviews is true (D15).")),
})

/**
 * The exact body of `POST /import` (SPEC §4.13, DECISIONS D15): 1–1,000 items, each with a
 * non-empty `projectPath`.
 *
 * @example
 * ```ts
 * import { importBody } from '@session-library/schemas'
 * importBody.parse({ items: [{ projectPath: '/music/song.als' }] }).generatePreviews // false
 * ```
 */
export const importBody = strict({
  /** The kind of every imported session: any text of 1–64 characters (D5, D15). */
  kind: z
    .optional(kindRule)
    .check(z.describe('The kind of every imported session: any text of 1–64 characters (D5, D15).')),
  /** Whether an item's previewAudioPath becomes the new session's preview (D15). */
  generatePreviews: z
    ._default(bool(), false)
    .check(z.describe("Whether an item's previewAudioPath becomes the new session's preview (D15).")),
  /** The project files to import: 1–1,000 items (D15). */
  items: list(importItem).check(
    z.minLength(1, 'must hold at least 1 item'),
    z.maxLength(LIMITS.importItems, `must hold at most ${LIMITS.importItems} items`),
    z.describe('The project files to import: 1–1,000 items (D15).'),
  ),
})
