import { type McpServer, ProtocolError, ProtocolErrorCode, ResourceTemplate } from '@modelcontextprotocol/server'
import { LIMITS } from '@session-library/schemas'
import type { SessionLibrary } from '@session-library/sdk'

/** The URI of a session's resource. */
export const sessionUri = (id: string) => `session-library://sessions/${encodeURIComponent(id)}`

const TAGS_URI = 'session-library://tags'

const json = (uri: string, value: unknown) => ({
  contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }],
})

// A cursor is the offset of the next page of sessions; opaque to the client, as the protocol asks.
const cursorOf = (offset: number) => Buffer.from(`sessions:${offset}`).toString('base64url')
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0
  const match = /^sessions:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'invalid cursor: list the resources again from the start')
  return Number(match[1])
}

/**
 * The resources a client can attach as context: each session (a template with completion of ids)
 * and the tag counts of the library. `resources/list` pages through the sessions with cursors.
 */
export function registerResources(server: McpServer, client: SessionLibrary): void {
  const template = new ResourceTemplate('session-library://sessions/{id}', {
    list: undefined,
    complete: {
      // One page, the largest the API gives: in a larger library the later ids do not complete.
      async id(value) {
        const { data } = await client.sessions.list({ limit: LIMITS.listLimitMax })
        return data.map((session) => session.id).filter((id) => id.startsWith(value))
      },
    },
  })
  const sessionMeta = {
    title: 'A session',
    description: 'One session of the library, as sessions_get answers it.',
    mimeType: 'application/json',
  }
  server.registerResource('session', template, sessionMeta, async (uri, { id }) =>
    json(uri.href, await client.sessions.get(decodeURIComponent(String(id)))),
  )
  const tagsMeta = {
    title: 'Tag counts',
    description: 'Every tag of the library with the number of sessions that carry it.',
    mimeType: 'application/json',
  }
  server.registerResource('tag-counts', TAGS_URI, tagsMeta, async (uri) => json(uri.href, await client.tagCounts()))
  // The SDK's own handler lists a template's resources in one answer, without a cursor: replaced.
  server.server.setRequestHandler('resources/list', async (request) => {
    const offset = offsetOf(request.params?.cursor)
    const page = await client.sessions.list({ limit: LIMITS.listLimitDefault, offset })
    const next = offset + page.data.length
    return {
      resources: [
        ...(offset === 0 ? [{ uri: TAGS_URI, name: 'tag-counts', ...tagsMeta }] : []),
        ...page.data.map((session) => ({
          uri: sessionUri(session.id),
          name: session.title,
          mimeType: 'application/json',
        })),
      ],
      ...(page.data.length > 0 && next < page.meta.total && { nextCursor: cursorOf(next) }),
    }
  })
}
