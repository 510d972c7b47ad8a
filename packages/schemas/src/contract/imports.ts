import * as z from 'zod/mini'
import * as t from '../answers/tolerant.js'
import { bool, holdsAtMost, kindRule, list, nonEmptyText, str, strict, withTexts } from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { LIMITS } from '../known-values.js'
import { lazy } from '../lazy.js'
import { BODY_LIMIT, type OperationSpec } from './operation.js'
import { writable } from './sessions.js'

const importItem = lazy(() =>
  strict(
    withTexts(FIELD_TEXTS.importItem, {
      /** The project file to import; an item whose path a session already has is skipped (D15). */
      projectPath: nonEmptyText(),
      /** The new session's name: trimmed, then 1–200 characters; by default the file name without its extension (D15). */
      title: z.optional(writable().title),
      /** The kind for this item when the body gives none; by default the one of the file's extension (D15). */
      projectType: z.optional(str()),
      /** An audio file that becomes the session's preview when generatePreviews is true (D15). */
      previewAudioPath: z.optional(str()),
    }),
  ),
)

/** The exact body of `POST /import` (SPEC §4.13, DECISIONS D15): 1–1,000 items, each with a `projectPath`. */
export const importBody = lazy(() =>
  strict(
    withTexts(FIELD_TEXTS.importBody, {
      /** The kind of every imported session: any text of 1–64 characters (D5, D15). */
      kind: z.optional(kindRule),
      /** Whether an item's previewAudioPath becomes the new session's preview (D15). */
      generatePreviews: z._default(bool(), false),
      /** The project files to import: 1–1,000 items (D15). */
      items: list(importItem).check(
        z.minLength(1, 'must hold at least 1 item'),
        holdsAtMost(LIMITS.importItems, 'items'),
      ),
    }),
  ),
)

// SPEC §4.13 (see health.ts).
export const imports = {
  'imports.start': {
    method: 'POST',
    path: '/import',
    status: 202,
    answer: t.data(t.importResult),
    body: importBody,
    service: 'import',
    errors: [400, 401, 403, 501],
    decidedErrors: BODY_LIMIT,
    conveniences: {
      startAndWait: {
        summary: 'Import project files and wait for their sessions',
        description:
          'Starts a batch import, then watches the session list until every item has a session with its ' +
          'projectPath (the API has no progress endpoint); answers those sessions.',
        takes: ['body'],
        waits: true,
        absent: { cli: 'imports start --wait does it, with the progress on stderr' },
      },
    },
    summary: 'Start a batch import',
    description:
      'Starts a batch import and answers 202 before any item is processed. Requires full-automation mode. ' +
      'Answers 501 import_unavailable when the import service is not available in the current runtime.',
  },
} as const satisfies Record<string, OperationSpec>
