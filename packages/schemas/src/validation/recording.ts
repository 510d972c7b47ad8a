import * as z from 'zod/mini'
import { MODES, SERVICES } from '../known-values.js'
import { lazy } from '../lazy.js'

/** The version of the recording format: a file of another version is refused, not misread. */
export const RECORDING_VERSION = 1

const body = () => ({ body: z.optional(z.unknown()), truncated: z.optional(z.literal(true)) })

/**
 * A recording: the mock's journal of a run (`api.record()`, the standalone mock's `--record <file>`),
 * each request with the mock's answer and the mode and services it ran under, the token masked
 * (D2). `session-library replay` sends it to a live server; `session-library pact` exports it.
 */
export const recordingSchema = lazy(() =>
  z.object({
    recording: z.literal(RECORDING_VERSION),
    /** When the recording was written, from the mock's clock. */
    recordedAt: z.string(),
    exchanges: z.array(
      z.object({
        /** 1 for the first request after the mock was made or reset. */
        seq: z.number(),
        method: z.string(),
        /** The whole path, `/api/v1` included, encoded. */
        path: z.string(),
        /** The query string without `?`. */
        query: z.string(),
        operation: z.optional(z.string()),
        /** The mock's answer's status; 0 for a dropped connection. */
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

/** One request of a {@link Recording} with the mock's answer. */
export type RecordedExchange = Recording['exchanges'][number]
