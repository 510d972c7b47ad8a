import type { Flag } from './flag.js'

/**
 * The flags every command takes: where and how to connect (as the SDK's options) and how to print.
 *
 * @example `GLOBAL_FLAGS.token.description`
 */
export const GLOBAL_FLAGS = {
  url: {
    type: 'string',
    value: '<url>',
    description:
      "Base URL of the API, with /api/v1 (default $SESSION_LIBRARY_URL, then auth login's, then the mock's http://127.0.0.1:4777/api/v1).",
  },
  token: {
    type: 'string',
    value: '<token>',
    description: "Bearer token (default $SESSION_LIBRARY_TOKEN, then auth login's). Never printed.",
  },
  timeout: {
    type: 'string',
    value: '<ms>',
    description: 'Time each attempt has for the whole answer, in ms; 0 for none (default 10000).',
  },
  retries: { type: 'string', value: '<n>', description: 'Retries of reads and idempotent writes (default 2).' },
  json: { type: 'boolean', description: "Print the answer's data as JSON (one line; NDJSON for --all)." },
  fields: {
    type: 'string',
    value: '<a,b>',
    description: 'Only these fields (columns of the table, keys of the JSON); an unknown name lists the valid ones.',
  },
  header: { type: 'boolean', description: 'Print the header line on a pipe too (a terminal always shows it).' },
  verbose: { type: 'boolean', description: 'Log each request and answer to stderr (the token redacted).' },
  help: { type: 'boolean', short: 'h', description: 'Show the help of the command.' },
} as const satisfies Record<string, Flag>

/**
 * The values of the global flags, as parsed.
 *
 * @example `const json = (values as GlobalValues).json === true`
 */
export type GlobalValues = {
  [Name in keyof typeof GLOBAL_FLAGS]?: (typeof GLOBAL_FLAGS)[Name]['type'] extends 'boolean' ? boolean : string
}
