import * as z from 'zod/mini'
import { MODES, SERVICES } from '../known-values.js'
import { lazy } from '../lazy.js'

/** The version of the recording format: a file of another version is refused, not misread. */
export const RECORDING_VERSION = 1

const body = () => ({ body: z.optional(z.unknown()), truncated: z.optional(z.literal(true)) })

/**
 * A recording: the mock's journal entries of a run (`api.record()`, the standalone mock's `--record`),
 * each with the mode and the services unavailable when it was answered, the token masked (D2); `seq`
 * starts again at 1 after a reset. `session-library replay` sends it to a live server, `session-library
 * pact` exports it.
 */
export const recordingSchema = lazy(() =>
  z.object({
    recording: z.literal(RECORDING_VERSION),
    recordedAt: z.string(),
    exchanges: z.array(
      z.object({
        seq: z.number(),
        method: z.string(),
        path: z.string(),
        query: z.string(),
        operation: z.optional(z.string()),
        statusCode: z.number(),
        configuredMode: z.enum(MODES),
        effectiveMode: z.enum(MODES),
        unavailable: z.array(z.enum(SERVICES)),
        request: z.object({ headers: z.record(z.string(), z.string()), ...body() }),
        answer: z.object(body()),
      }),
    ),
  }),
)

/** A recording file's content; see {@link recordingSchema}. */
export type Recording = z.output<typeof recordingSchema>

/** One journal entry of a {@link Recording}. */
export type RecordedExchange = Recording['exchanges'][number]
