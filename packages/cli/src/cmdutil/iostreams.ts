import { once } from 'node:events'
import { configDirOf } from '@session-library/internal/node'
import { CliError, EXIT } from './errors.js'

export type OutStream = NodeJS.WritableStream & { readonly isTTY?: boolean }

type InStream = NodeJS.ReadableStream & { readonly isTTY?: boolean }

/**
 * Everything a run of the CLI takes from the world, injected (as `gh`'s IOStreams): no command
 * reads `process` itself, so that tests call `main(argv, context)` in process.
 */
export interface CliContext {
  readonly stdout: OutStream
  readonly stderr: OutStream
  readonly stdin: InStream
  readonly env: Readonly<Record<string, string | undefined>>
  /** The folder of `auth login`'s file. */
  readonly configDir: string
  readonly cwd: string
  /** Calls `listener` on Ctrl-C until the returned function is called. */
  onInterrupt(listener: () => void): () => void
}

export function processContext(): CliContext {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Made on first use: opening stdin costs a start-up that never reads it.
    get stdin() {
      return process.stdin
    },
    env: process.env,
    configDir: configDirOf(process.env),
    cwd: process.cwd(),
    onInterrupt(listener) {
      process.once('SIGINT', listener)
      return () => process.off('SIGINT', listener)
    },
  }
}

// Only a terminal, and never with `NO_COLOR` set (https://no-color.org: present and not empty).
export function colourFor(stream: OutStream, env: CliContext['env']): boolean {
  return stream.isTTY === true && !env.NO_COLOR
}

export function styles(colour: boolean) {
  const wrap = (open: number, close: number) => (text: string) =>
    colour ? `\u001b[${open}m${text}\u001b[${close}m` : text
  return { bold: wrap(1, 22), red: wrap(31, 39) }
}

/** Writes to a stream and waits while its buffer is full, so that a long stream holds memory flat. */
export async function write(stream: OutStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain')
}

export async function readStdin(stdin: InStream): Promise<string> {
  stdin.setEncoding('utf8')
  let text = ''
  for await (const chunk of stdin) text += chunk
  return text
}

export async function readLine(stdin: InStream): Promise<string> {
  // Imported here: only a question or a prompt needs it, and it costs every start-up otherwise.
  const { createInterface } = await import('node:readline')
  const lines = createInterface({ input: stdin, terminal: false })
  try {
    for await (const line of lines) return line
    return ''
  } finally {
    lines.close()
  }
}

// A person is at the keyboard: stdin and stderr are both a terminal (questions go to stderr).
export function interactive(context: Pick<CliContext, 'stdin' | 'stderr'>): boolean {
  return context.stdin.isTTY === true && context.stderr.isTTY === true
}

type RawStdin = InStream & { setRawMode?: (raw: boolean) => unknown }

// Raw mode, so that a secret typed is not echoed: Enter ends it, Backspace takes a character back, Ctrl-C cancels.
export async function readSecret(stdin: InStream): Promise<string> {
  const terminal = stdin as RawStdin
  if (typeof terminal.setRawMode !== 'function') return readLine(stdin)
  terminal.setRawMode(true)
  stdin.setEncoding('utf8')
  let text = ''
  try {
    for await (const chunk of stdin) {
      for (const char of chunk as string) {
        if (char === '\r' || char === '\n') return text
        if (char === '\u0003') throw new CliError('cancelled', EXIT.usage)
        text = char === '\u007f' || char === '\b' ? text.slice(0, -1) : text + char
      }
    }
    return text
  } finally {
    terminal.setRawMode(false)
  }
}
