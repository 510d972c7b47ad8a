import * as z from 'zod/mini'
import * as t from '../answers/tolerant.js'
import {
  accentRule,
  decimalInteger,
  kindRule,
  list,
  optionalText,
  query,
  queryParam,
  statusRule,
  str,
  strict,
  trimmedText,
  unique,
  withTexts,
} from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { type Kind, LIMITS, SORT_KEYS, type SortKey } from '../known-values.js'
import { lazy } from '../lazy.js'
import type { Session, SessionListParams } from './named-types.js'
import { BODY_LIMIT, type OperationSpec, READ, READ_ONE, WRITE_ONE } from './operation.js'

// D6: the list filter splits on commas, so a tag holds none; in the pattern, so that the document says it too.
const tag = lazy(() => trimmedText(LIMITS.tagLength, true))

const tagList = lazy(() =>
  z.pipe(
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
  ),
)

type SessionShape = typeof t.session.def.shape
type WriteRules = ReturnType<typeof rules>
// Keyed by the session's shape, so that each body field carries its TSDoc from answers/tolerant.ts.
export type Writable = { [Key in keyof Pick<SessionShape, keyof WriteRules>]: WriteRules[Key] }

const rules = () => ({
  title: trimmedText(LIMITS.titleLength),
  kind: kindRule,
  status: statusRule,
  accent: accentRule(),
  tags: tagList,
  notes: optionalText(LIMITS.notesLength),
  projectPath: str(),
})

let writableMade: Writable | undefined
/** The write rule of each writable field, with its text; built on first use. */
export const writable = (): Writable => (writableMade ??= withTexts(FIELD_TEXTS.session, rules()))

/** What a new session gets for each field the create body leaves out (DECISIONS D5). */
export const SESSION_DEFAULTS = {
  kind: 'other',
  status: 'idea',
  accent: '',
  tags: [] as string[],
  notes: '',
  projectPath: '',
} as const

/** A new session's preview fields (DECISIONS D5): no preview yet, and a `previews` array of its own. */
export function previewDefaults() {
  return {
    previewStatus: 'none',
    previewUrl: '',
    previewAudioUrl: '',
    previewAudioMime: '',
    preferredPreviewId: '',
    previews: [] as z.infer<typeof t.preview>[],
  } as const satisfies Partial<z.infer<typeof t.session>>
}

const sortRule = `must be one of ${SORT_KEYS.join(', ')}, with a leading - for descending`
// D10: an enum, so that the document lists every value the mock accepts.
const sortValues = [...SORT_KEYS, ...SORT_KEYS.map((key) => `-${key}` as const)] as [SortKey, ...SortKey[]]

const splitTags = (value: string | string[]) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter((part) => part.length > 0)

// One pattern each, so that a bad value gives one message (and the OpenAPI document the full rule).
const paging = (min: 0 | 1, read: (value: number) => number) =>
  lazy(() =>
    z.pipe(
      queryParam().check(
        z.regex(
          decimalInteger(min, LIMITS.pagingMax),
          `must be an integer ≥ ${min} written in decimal digits, at most ${LIMITS.pagingMax}`,
        ),
      ),
      z.transform((value: string) => read(Number(value))),
    ),
  )
const limit = paging(1, (value) => Math.min(value, LIMITS.listLimitMax))
const offset = paging(0, (value) => value)
const recent = lazy(() =>
  z.pipe(
    queryParam().check(z.regex(/^(true|false|1|0)$/, 'must be true, false, 1 or 0')),
    z.transform((value: string) => value === 'true' || value === '1'),
  ),
)
const sort = lazy(() =>
  z.enum(sortValues, {
    error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : sortRule),
  }),
) as z.ZodMiniType<SortKey, string>

/** The exact query of `GET /sessions` (SPEC §4.3, DECISIONS D9–D11), read with `queryInput`; others are ignored. */
export const sessionListQuery = lazy(() =>
  query(
    withTexts(FIELD_TEXTS.sessionListQuery, {
      /** Text to look for in each session's title, client and notes, in any case (D11). */
      q: z.optional(queryParam()),
      /** Only sessions of this kind, matched exactly (D11). */
      kind: z.optional(queryParam() as z.ZodMiniType<Kind, string>),
      /** Another name for kind; when both are given they must be equal (D11). */
      daw: z.optional(queryParam() as z.ZodMiniType<Kind, string>),
      /** Only sessions that carry all these tags: comma-separated, repeated, or both (D11). */
      tags: z.optional(z.pipe(z.union([queryParam(), z.array(queryParam())]), z.transform(splitTags))),
      /** true or 1: only sessions opened in the last 30 days; false or 0: all of them (D11). */
      recent: z.optional(recent),
      /** The order: title, lastOpened, kind or status, with a leading - for descending; -lastOpened by default, ties in id order (D10). */
      sort: z.optional(sort),
      /** How many sessions a page holds: a whole number ≥ 1 in decimal digits, 50 by default; above 500, 500 is used; above 2^53−1 refused (D9). */
      limit: z.optional(limit),
      /** How many sessions to skip: a whole number ≥ 0 in decimal digits, 0 by default; above 2^53−1 refused (D9). */
      offset: z.optional(offset),
    }),
  ).check(
    z.refine((given) => given.kind === undefined || given.daw === undefined || given.kind === given.daw, {
      message: 'must equal kind when both are given',
      path: ['daw'],
    }),
  ),
)

/** The order of the session list when the query names none (DECISIONS D10). */
export const DEFAULT_SORT: SortKey = '-lastOpened'

/** The fields of a session that the list's order and filters read (DECISIONS D10, D11). */
export type ListedSession = Pick<Session, 'id' | 'title' | 'lastOpened' | 'kind' | 'status' | 'tags'>

const sortText: Record<string, (session: ListedSession) => string> = {
  title: (session) => session.title.toLowerCase(),
  lastOpened: (session) => session.lastOpened,
  kind: (session) => session.kind,
  status: (session) => session.status,
}
/** Compares two texts by UTF-16 code units, as D10 orders (not `localeCompare`: no machine's locale). */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The list's order for a sort key (D10): the text a session sorts by (titles in any case) and whether descending. */
export function sessionOrder(sort: SortKey = DEFAULT_SORT): {
  /** The text a session sorts by. */
  value: (session: ListedSession) => string
  descending: boolean
} {
  const descending = sort.startsWith('-')
  return { value: sortText[descending ? sort.slice(1) : sort] as (typeof sortText)[string], descending }
}

/** Compares two sessions in the list's order for a sort key (DECISIONS D10): negative when `a` comes first. */
export function compareSessions(sort?: SortKey): (a: ListedSession, b: ListedSession) => number {
  const { value, descending } = sessionOrder(sort)
  const direction = descending ? -1 : 1
  return (a, b) => direction * compareText(value(a), value(b)) || compareText(a.id, b.id)
}

/** The kind and tags filters of a list query (DECISIONS D11): the kind (`kind` or `daw`) exactly, and every tag. */
export type SessionFilter = { readonly kind: string | undefined; readonly tags: readonly string[] }

/** The {@link SessionFilter} of a parsed {@link sessionListQuery}; `undefined` when it has neither filter. */
export function sessionFilter(query: SessionListParams): SessionFilter | undefined {
  const kind = query.kind ?? query.daw
  const tags = query.tags ?? []
  return kind === undefined && tags.length === 0 ? undefined : { kind, tags }
}

/** A text as `q` compares it (DECISIONS D11): in lower case and NFC, so that `café` typed either way finds it
 * written either way (a macOS file name is NFD). */
export const searchText = (text: string): string => text.toLowerCase().normalize('NFC')

/** The first tag of a {@link SessionFilter} that `tags` lacks; `undefined` when it carries them all. */
export function missingTag(filter: SessionFilter, tags: readonly unknown[]): string | undefined {
  for (const tag of filter.tags) if (!tags.includes(tag)) return tag
  return undefined
}

/** What of a {@link SessionFilter} a session misses (DECISIONS D11): its kind, else a tag; `undefined` when kept. */
export function missedFilter(filter: SessionFilter, session: Pick<ListedSession, 'kind' | 'tags'>) {
  if (filter.kind !== undefined && session.kind !== filter.kind) return 'kind'
  return missingTag(filter, session.tags) === undefined ? undefined : 'tags'
}

type Defaults = typeof SESSION_DEFAULTS
// Named in the bodies' declared types, so that the emitted declarations refer to `writable`, whose
// fields carry their TSDoc, instead of spelling each field out without it.
type WithDefaults = {
  [Key in keyof Writable]: Key extends keyof Defaults ? z.ZodMiniDefault<Writable[Key]> : Writable[Key]
}
type AllOptional = { [Key in keyof Writable]: z.ZodMiniOptional<Writable[Key]> }

function withDefaults(): WithDefaults {
  const entries = Object.entries(writable()).map(([key, schema]) => {
    if (!Object.hasOwn(SESSION_DEFAULTS, key)) return [key, schema]
    const value = SESSION_DEFAULTS[key as keyof Defaults]
    // A new array per session, never the shared default.
    return [key, z._default(schema, () => (Array.isArray(value) ? [...value] : value))]
  })
  return Object.fromEntries(entries) as WithDefaults
}

/** The exact body of `POST /sessions` (SPEC §4.4, DECISIONS D4–D7): `title` required, the rest defaulted. */
export const sessionCreateBody = lazy(() => strict(withDefaults()))

/** The exact body of `PATCH /sessions/{id}` (SPEC §4.6, DECISIONS D8): any writable field; `{}` is a no-op. */
export const sessionUpdateBody: z.ZodMiniObject<AllOptional, z.core.$strict> = lazy(() => z.partial(strict(writable())))

// SPEC §4.3–4.7 (see health.ts).
export const sessions = {
  'sessions.list': {
    method: 'GET',
    path: '/sessions',
    answer: t.sessionPage,
    query: sessionListQuery,
    errors: READ,
    decidedErrors: [400],
    summary: 'List sessions',
    description: 'Returns sessions, optionally filtered, sorted and paginated.',
  },
  'sessions.create': {
    method: 'POST',
    path: '/sessions',
    status: 201,
    answer: t.data(t.session),
    body: sessionCreateBody,
    errors: [400, 401, 403],
    decidedErrors: BODY_LIMIT,
    summary: 'Create a session',
    description: 'Creates a session. Requires full-automation mode.',
  },
  'sessions.get': {
    method: 'GET',
    path: '/sessions/{id}',
    answer: t.data(t.session),
    errors: READ_ONE,
    summary: 'Read a session',
    description: 'Returns one session.',
  },
  'sessions.update': {
    method: 'PATCH',
    path: '/sessions/{id}',
    idempotent: false,
    answer: t.data(t.session),
    body: sessionUpdateBody,
    errors: WRITE_ONE,
    decidedErrors: BODY_LIMIT,
    loses: ['tags', 'notes'],
    summary: 'Update a session',
    description: 'Applies a partial update to an existing session. Requires full-automation mode.',
  },
  'sessions.delete': {
    method: 'DELETE',
    path: '/sessions/{id}',
    answer: t.data(t.deleted),
    errors: [401, 403, 404],
    loses: ['session'],
    summary: 'Delete a session',
    description: 'Deletes a session. Requires full-automation mode.',
  },
} as const satisfies Record<string, OperationSpec>
