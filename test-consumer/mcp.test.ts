import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client as ModernClient } from '@modelcontextprotocol/client'
import { StdioClientTransport as ModernStdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { installAlone } from './lib/consumer.js'
import { installedBin, type PackedMock, startPackedMock } from './lib/packed-mock.js'

// The packed MCP server, installed with npm outside the workspace, driven by the official client
// over stdio as Claude Desktop, VS Code or Cursor run it.
const consumerDir = inject('consumerDir')
const bin = installedBin(consumerDir, '@session-library/mcp-server', 'session-library-mcp')
const SECRET = 'consumer-mcp-secret-token-4242'

/** A client over stdio to the installed bin; `exchange` keeps every message both ways and stderr. */
async function connect(args: string[], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, ...args],
    cwd: consumerDir,
    env: { PATH: process.env.PATH ?? '', HOME: consumerDir, ...env },
    stderr: 'pipe',
  })
  const exchange: string[] = []
  transport.stderr?.on('data', (chunk) => exchange.push(String(chunk)))
  const client = new Client({ name: 'consumer', version: '1' })
  await client.connect(transport)
  const onMessage = transport.onmessage
  transport.onmessage = (message: JSONRPCMessage) => {
    exchange.push(JSON.stringify(message))
    onMessage?.(message)
  }
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    exchange.push(JSON.stringify({ name, args }))
    return (await client.callTool({ name, arguments: args })) as CallToolResult
  }
  return { client, call, exchange }
}

type ServerEntry = {
  command: string
  args: string[]
  env?: Record<string, string>
  url?: string
  headers?: Record<string, string>
}

// What npx is asked to run: `-y <package> args…`, or `-y -p <package> -p … <bin> args…`.
function npxRun(args: readonly string[]): { packages: string[]; serverArgs: string[] } {
  const rest = args.slice(args[0] === '-y' ? 1 : 0)
  if (rest[0] !== '-p') return { packages: rest.slice(0, 1), serverArgs: rest.slice(1) }
  const packages: string[] = []
  while (rest[0] === '-p') packages.push(rest.splice(0, 2)[1] ?? '')
  expect(rest[0]).toBe('session-library-mcp')
  return { packages, serverArgs: rest.slice(1) }
}

// The README's configuration blocks (Claude Desktop and Cursor's `mcpServers`, VS Code's `servers`).
function readmeConfigs(): ServerEntry[] {
  const readme = readFileSync(join(consumerDir, 'node_modules/@session-library/mcp-server/README.md'), 'utf8')
  return [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map(([, block]) => {
    const config = JSON.parse(block ?? '') as Record<string, Record<string, ServerEntry>>
    return (config.mcpServers ?? config.servers)?.['session-library'] as ServerEntry
  })
}

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')

describe('@session-library/mcp-server from its tarball: session-library-mcp over stdio', () => {
  let mock: PackedMock
  beforeAll(async () => {
    mock = await startPackedMock(process.execPath, consumerDir, SECRET)
  })
  afterAll(() => mock.stop())

  it('--mock: lists ≥ 15 tools with input schemas and annotations; sessions_list pages; an unknown id is not_found', async () => {
    const { client, call } = await connect(['--mock'])
    try {
      const { tools } = await client.listTools()
      expect(tools.length).toBeGreaterThanOrEqual(15)
      for (const tool of tools) {
        expect(tool.inputSchema.type, tool.name).toBe('object')
        expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: expect.any(Boolean), openWorldHint: false })
      }
      const page = await call('sessions_list', { limit: 2 })
      expect(page.isError).toBeFalsy()
      const content = page.structuredContent as { data: unknown[]; meta: { total: number } }
      expect(content.data).toHaveLength(2)
      expect(content.meta.total).toBeGreaterThan(2)
      const missing = await call('sessions_get', { id: 'ses_missing' })
      expect(missing.isError).toBe(true)
      expect(textOf(missing)).toMatch(/^404 not_found:/)
    } finally {
      await client.close()
    }
  })

  it("the README's Claude Desktop, VS Code and Cursor blocks parse and start the server", async () => {
    const configs = readmeConfigs().filter((config) => config.url === undefined)
    expect(configs).toHaveLength(3)
    for (const { command, args, env } of configs) {
      expect(command).toBe('npx')
      const { packages, serverArgs } = npxRun(args)
      expect(packages[0]).toBe('@session-library/mcp-server')
      // --mock needs the mock beside the server: npx is given both.
      if (serverArgs.includes('--mock')) expect(packages).toContain('@session-library/mock-server')
      const { client } = await connect(serverArgs, env)
      try {
        expect((await client.listTools()).tools.length).toBeGreaterThan(0)
      } finally {
        await client.close()
      }
    }
  })

  it("the README's HTTP block reaches --http with the secret as its bearer header; without it, 401", async () => {
    const [config] = readmeConfigs().filter((entry) => entry.url !== undefined)
    expect(config?.url).toBe('http://127.0.0.1:4778/mcp')
    const secret = 'consumer-http-secret-0123456789'
    const server = spawn(process.execPath, [bin, '--mock', '--http', '--port', '0', '--http-token', secret], {
      cwd: consumerDir,
      env: { PATH: process.env.PATH ?? '', HOME: consumerDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    try {
      let stderr = ''
      server.stderr.setEncoding('utf8')
      server.stderr.on('data', (chunk: string) => {
        stderr += chunk
      })
      while (!/tools at (\S+)/.test(stderr)) await once(server.stderr, 'data')
      const url = new URL(/tools at (\S+)/.exec(stderr)?.[1] ?? '')
      expect(url.pathname).toBe(new URL(config?.url ?? '').pathname)
      // The editor puts the secret it asked for in place of the input.
      const headers = Object.fromEntries(
        Object.entries(config?.headers ?? {}).map(([name, value]) => [
          name,
          value.replace(/\$\{input:[^}]+\}/, secret),
        ]),
      )
      const client = new Client({ name: 'consumer', version: '1' })
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }))
      try {
        expect((await client.listTools()).tools.length).toBeGreaterThan(0)
      } finally {
        await client.close()
      }
      const refused = await fetch(url, { method: 'POST', body: '{}' })
      expect(refused.status).toBe(401)
      expect(refused.headers.get('www-authenticate')).toBe('Bearer')
      expect(stderr).not.toContain(secret)
    } finally {
      server.kill()
    }
  })

  it('the v2 client negotiates the 2026-07-28 revision over stdio and calls a tool', async () => {
    const client = new ModernClient({ name: 'consumer', version: '2' }, { versionNegotiation: { mode: 'auto' } })
    await client.connect(
      new ModernStdioClientTransport({
        command: process.execPath,
        args: [bin, '--mock', '--read-only'],
        cwd: consumerDir,
        env: { PATH: process.env.PATH ?? '', HOME: consumerDir },
        stderr: 'ignore',
      }),
    )
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
      const page = (await client.callTool({ name: 'sessions_list', arguments: { limit: 2 } })) as CallToolResult
      expect((page.structuredContent as { data: unknown[] }).data).toHaveLength(2)
    } finally {
      await client.close()
    }
  })

  it('--read-only offers no tool that writes', async () => {
    const { client } = await connect(['--mock', '--read-only'])
    try {
      const { tools } = await client.listTools()
      expect(tools.length).toBeGreaterThan(0)
      expect(tools.filter((tool) => tool.annotations?.readOnlyHint !== true).map((tool) => tool.name)).toEqual([])
      expect(tools.map((tool) => tool.name)).not.toContain('sessions_delete')
    } finally {
      await client.close()
    }
  })

  it('--code-mode: the installed sandbox runs a snippet against the mock and keeps the file system out', async () => {
    const { client, call } = await connect(['--mock', '--code-mode'])
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_docs', 'execute'])
      const total = await call('execute', {
        code: 'const page = await client.sessions.list({ limit: 1 })\nreturn page.meta.total',
      })
      expect(textOf(total)).toBe('→ 24')
      const file = await call('execute', { code: 'return require("node:fs").readFileSync("/etc/passwd", "utf8")' })
      expect(textOf(file)).toBe("error: ReferenceError: 'require' is not defined")
    } finally {
      await client.close()
    }
  })

  it('SESSION_LIBRARY_TOKEN to the standalone mock: the token is in no message, log line or error', async () => {
    const { client, call, exchange } = await connect([], {
      SESSION_LIBRARY_URL: mock.baseUrl,
      SESSION_LIBRARY_TOKEN: SECRET,
    })
    try {
      expect((await call('health')).isError).toBeFalsy()
      expect((await call('sessions_get', { id: 'ses_missing' })).isError).toBe(true)
      expect((await call('sessions_delete', { id: 'ses_missing' })).isError).toBe(true)
      expect((await call('sessions_list', { limit: 0 })).isError).toBe(true)
      await client.readResource({ uri: 'session-library://tags' })
    } finally {
      await client.close()
    }
    expect(exchange.length).toBeGreaterThan(5)
    expect(exchange.filter((message) => message.includes(SECRET))).toEqual([])
  })

  it("keeps the compiled code of what a start loads in Node's compile cache, as the CLI's and the mock's bins do", () => {
    const temporary = mkdtempSync(join(tmpdir(), 'consumer-mcp-cache-'))
    try {
      // Node's default place for it: node-compile-cache in the temporary directory.
      const ran = spawnSync(process.execPath, [bin, '--version'], {
        cwd: consumerDir,
        env: { PATH: process.env.PATH ?? '', HOME: consumerDir, TMPDIR: temporary },
        encoding: 'utf8',
      })
      expect(ran.status, ran.stderr).toBe(0)
      expect(ran.stdout).toMatch(/^\d+\.\d+\.\d+/)
      expect(readdirSync(join(temporary, 'node-compile-cache'), { recursive: true }).length).toBeGreaterThan(0)
    } finally {
      rmSync(temporary, { recursive: true, force: true })
    }
  })

  it('a stdio start loads neither the Node HTTP layer nor the mock (only --http and --mock do)', () => {
    // Each module the process resolves, printed at its exit (Node's synchronous module hooks).
    const hook = `data:text/javascript,${encodeURIComponent(
      "import { registerHooks } from 'node:module'; const seen = []; registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); seen.push(found.url); return found } }); process.on('exit', () => process.stderr.write('LOADED ' + JSON.stringify(seen) + '\\n'))",
    )}`
    const ran = spawnSync(process.execPath, ['--import', hook, bin], {
      cwd: consumerDir,
      // stdin ends at once: the session ends, and so does the process.
      input: '',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: consumerDir,
        SESSION_LIBRARY_URL: 'http://127.0.0.1:9/api/v1',
        SESSION_LIBRARY_TOKEN: 'consumer-token',
      },
      encoding: 'utf8',
    })
    expect(ran.status, ran.stderr).toBe(0)
    expect(ran.stderr).toMatch(/tools over stdio/)
    const loaded = JSON.parse(/^LOADED (.*)$/m.exec(ran.stderr)?.[1] ?? '[]') as string[]
    expect(loaded.some((url) => url.includes('@modelcontextprotocol/server/dist/stdio.mjs'))).toBe(true)
    expect(
      loaded.filter((url) => /@modelcontextprotocol\/node|\/hono\/|@session-library\/mock-server/.test(url)),
    ).toEqual([])
  })

  it('installed without the mock, it pulls in no msw, no mock and no install script; --mock then says what to install', async () => {
    const alone = await installAlone(consumerDir, /^session-library-(mcp-server|sdk|schemas)-\d/, 3)
    const { dir } = alone
    try {
      expect(alone.scripted).toEqual([])
      expect(
        Object.keys(alone.packages).filter((name) =>
          /node_modules\/(msw|@mswjs\/|@session-library\/mock-server)/.test(name),
        ),
      ).toEqual([])
      expect(existsSync(join(dir, 'node_modules/msw'))).toBe(false)
      const ran = spawnSync(
        process.execPath,
        [join(dir, 'node_modules/@session-library/mcp-server/bin/session-library-mcp.js'), '--mock'],
        {
          cwd: dir,
          input: '',
          env: { PATH: process.env.PATH ?? '', HOME: dir },
          encoding: 'utf8',
        },
      )
      expect(ran.status).toBe(2)
      expect(ran.stderr).toMatch(
        /--mock needs @session-library\/mock-server, which is not installed: run npx -y -p @session-library\/mcp-server -p @session-library\/mock-server session-library-mcp --mock/,
      )
    } finally {
      alone.remove()
    }
  })
})
