import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import { LIMITS } from '@session-library/schemas'
import type { SessionLibrary } from '@session-library/sdk'

/** The URI of a session's resource. */
export const sessionUri = (id: string) => `session-library://sessions/${encodeURIComponent(id)}`

const json = (uri: string, value: unknown) => ({
  contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }],
})

/**
 * The resources a client can attach as context: each session (a template with completion of ids,
 * listing the first page) and the tag counts of the library.
 */
export function registerResources(server: McpServer, client: SessionLibrary): void {
  const template = new ResourceTemplate('session-library://sessions/{id}', {
    async list() {
      const { data } = await client.sessions.list({ limit: LIMITS.listLimitDefault })
      return {
        resources: data.map((session) => ({
          uri: sessionUri(session.id),
          name: session.title,
          mimeType: 'application/json',
        })),
      }
    },
    complete: {
      // One page, the largest the API gives: in a larger library the later ids do not complete.
      async id(value) {
        const { data } = await client.sessions.list({ limit: LIMITS.listLimitMax })
        return data.map((session) => session.id).filter((id) => id.startsWith(value))
      },
    },
  })
  server.registerResource(
    'session',
    template,
    {
      title: 'A session',
      description: 'One session of the library, as sessions_get answers it.',
      mimeType: 'application/json',
    },
    async (uri, { id }) => json(uri.href, await client.sessions.get(decodeURIComponent(String(id)))),
  )
  server.registerResource(
    'tag-counts',
    'session-library://tags',
    {
      title: 'Tag counts',
      description: 'Every tag of the library with the number of sessions that carry it.',
      mimeType: 'application/json',
    },
    async (uri) => json(uri.href, await client.tagCounts()),
  )
}
