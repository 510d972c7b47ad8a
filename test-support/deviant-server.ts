import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A stand-in for a real application that departs from the contract in the ways real servers do.
// Written from SPEC.md by hand, not from the contract's schemas, so that tests of the validation
// compare the contract with something it did not produce.

const at = '2026-11-21T10:00:00.000Z'
const preview = { id: 'pv_1', name: 'Mix', path: '/music/a.wav', status: 'ready' }

/** A session as SPEC §2.1 lists it; the deviant routes then add, drop and retype fields. */
export const deviantSession = {
  id: 'ses_1',
  title: 'Night Drive',
  kind: 'ableton',
  status: 'mixing',
  accent: '',
  tags: ['drums'],
  notes: '',
  lastOpened: at,
  projectPath: '/music/a.als',
  projectOriginalPath: '/music/a.als',
  previewStatus: 'ready',
  previewUrl: '',
  previewAudioUrl: '',
  previewAudioMime: 'audio/wav',
  preferredPreviewId: 'pv_1',
  previews: [preview],
}

const { title: _title, ...untitled } = deviantSession
const health = {
  status: 'ok',
  configuredMode: 'full-automation',
  effectiveMode: 'full-automation',
  running: true,
  port: '5000',
  baseUrl: 'http://127.0.0.1:5000/api/v1',
  docsUrl: 'http://127.0.0.1:5000/docs',
  requestCount: 1,
  recentRequests: [],
  lastError: null,
}
const waveform = { key: 'k', bucketCount: 2, duration: 1, sampleRate: 48_000, audioVersion: 'v1', peaks: [0.5, 1] }

type Route = (res: ServerResponse) => void
const json =
  (status: number, body: unknown, type = 'application/json'): Route =>
  (res) => {
    res.writeHead(status, { 'Content-Type': type }).end(JSON.stringify(body))
  }

/** Answers after 5 s: longer than any time limit a test sets. */
const slow: Route = (res) => {
  const timer = setTimeout(json(200, { data: deviantSession }), 5_000, res)
  res.once('close', () => clearTimeout(timer))
}

/** Drops the connection without an answer. */
const drop: Route = (res) => {
  res.socket?.destroy()
}

/** Each route and what it departs with; the tests name the field paths they expect. */
export const DEVIANT_ROUTES: Record<string, Route> = {
  // lastError: null (informational), a number sent as a string (breaking: data.port).
  'GET /api/v1/health': json(200, { data: health }),
  // An extra field, an unknown kind and status (informational), a missing title (breaking: data[1].title).
  'GET /api/v1/sessions': json(200, {
    data: [
      { ...deviantSession, rating: 5, kind: 'garageband', status: 'shelved' },
      { ...untitled, id: 'ses_2' },
    ],
    meta: { total: 2, limit: 50, offset: 0 },
  }),
  'GET /api/v1/sessions/ses_1': json(200, { data: deviantSession }),
  'GET /api/v1/sessions/ses_1/tags': json(200, { data: { id: 'ses_1', tags: ['drums'] } }),
  'GET /api/v1/sessions/ses_1/notes': json(200, { data: { id: 'ses_1', notes: '' } }),
  'GET /api/v1/sessions/ses_1/preview': json(200, { data: { id: 'ses_1', ...previewFields() } }),
  'GET /api/v1/sessions/ses_1/waveform': json(200, { data: { sessionId: 'ses_1', variantId: 'pv_1', waveform } }),
  // A read SPEC does not have (the mock answers 404): a clone keeps the lane it gives.
  'GET /api/v1/sessions/ses_1/waveform-notes': json(200, {
    data: {
      sessionId: 'ses_1',
      variantId: 'pv_1',
      key: 'k',
      notes: [{ id: 'wn_1', timestamp: 0.5, text: 'drop', createdAt: at, updatedAt: at }],
    },
  }),
  // An unknown preview status on a 200 (informational: data.previews[0].status).
  'GET /api/v1/sessions/ses_2/preview': json(200, {
    data: { id: 'ses_2', ...previewFields(), previews: [{ ...preview, status: 'rendering' }] },
  }),
  // A problem+json 422 instead of the 400 envelope (informational: status, header, error envelope).
  'POST /api/v1/sessions': json(
    422,
    { type: 'about:blank', title: 'Unprocessable Entity', status: 422, detail: 'title is required' },
    'application/problem+json',
  ),
  // An HTML 502 from a gateway in front of the application.
  'GET /api/v1/tags': (res) => {
    res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>')
  },
  // A slow answer and a dropped connection; any route can be made so (see startDeviantServer).
  'GET /api/v1/sessions/slow': slow,
  'GET /api/v1/sessions/drop': drop,
}

function previewFields() {
  const { previewStatus, previewUrl, previewAudioUrl, previewAudioMime, preferredPreviewId, previews } = deviantSession
  return { previewStatus, previewUrl, previewAudioUrl, previewAudioMime, preferredPreviewId, previews }
}

const notFound = json(404, { error: { status: 404, code: 'not_found', message: 'Session does not exist' } })
const unauthorized = json(401, {
  error: { status: 401, code: 'unauthorized', message: 'Provide Authorization: Bearer <token>.' },
})

/**
 * A running deviant server (see {@link startDeviantServer}).
 */
export interface DeviantServer {
  /** Base URL, ending in `/api/v1`. */
  url: string
  token: string
  /** Requests received, `METHOD /path?query`, oldest first. */
  received: string[]
  close(): Promise<void>
}

/**
 * Starts the deviant server on 127.0.0.1 and a free port: {@link DEVIANT_ROUTES}, 401 without the
 * token (without `WWW-Authenticate`), and a 404 whose message is not SPEC §7's for anything else.
 * `slow` and `drop` name routes (`GET /api/v1/...`) to answer late or not at all instead; `answers` adds
 * routes that answer 200 with the given body (a field renamed, say).
 *
 * @example
 * ```ts
 * const deviant = await startDeviantServer()
 * await fetch(`${deviant.url}/health`, { headers: { Authorization: `Bearer ${deviant.token}` } })
 * await deviant.close()
 * ```
 */
export async function startDeviantServer(
  options: { token?: string; slow?: string[]; drop?: string[]; answers?: Record<string, unknown> } = {},
): Promise<DeviantServer> {
  const { token = 'deviant-token' } = options
  const routes: Record<string, Route> = { ...DEVIANT_ROUTES }
  for (const [route, body] of Object.entries(options.answers ?? {})) routes[route] = json(200, body)
  for (const route of options.slow ?? []) routes[route] = slow
  for (const route of options.drop ?? []) routes[route] = drop
  const received: string[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    received.push(`${req.method} ${req.url}`)
    req.resume()
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (req.headers.authorization !== `Bearer ${token}`) return unauthorized(res)
    ;(routes[`${req.method} ${path}`] ?? notFound)(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    token,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
