import { type Command, PROGRAM } from './command.js'
import { type Flag, GLOBAL_FLAGS } from './flags.js'

export const SHELLS = ['bash', 'zsh', 'fish'] as const

export type Shell = (typeof SHELLS)[number]

interface Entry {
  /** The command words typed so far that lead here ('' at the top). */
  path: string
  /** Words that may come next, by position after the path (sub-commands, or a positional's values), with a description. */
  words: [string, string][][]
  /** Flags (without dashes) of the command named by `path`, with a description and whether they take a value. */
  flags: [string, string, boolean][]
  /** The flags whose value completes: to listed values, the server's, a file, or `@` and a file (a JSON value). */
  values: [string, Flag][]
  files: boolean
  /** A positional's values come from the server (`__complete`). */
  server: boolean
}

const atFile = (flag: Flag) => flag.value?.includes('@') === true
const described = (words: readonly string[] = []): [string, string][] => words.map((word) => [word, word])

function commandEntry(command: Command): Entry {
  // --fields and --json name the fields the command prints, when the contract says which.
  const fields = command.fields && { choices: command.fields, multiple: true }
  const all: [string, Flag][] = Object.entries({ ...GLOBAL_FLAGS, ...command.flags?.() }).map(([name, flag]) => [
    name,
    fields && (name === 'fields' || name === 'json') ? { ...flag, ...fields } : flag,
  ])
  const { positionals = [] } = command
  return {
    path: command.words.join(' '),
    // An optional positional may be left out: the next one's values are offered in its place too.
    words: positionals.map((positional, index) =>
      described([...(positional.choices ?? []), ...((positional.optional && positionals[index + 1]?.choices) || [])]),
    ),
    flags: all.map(([name, flag]) => [name, flag.description, flag.type === 'string']),
    values: all.filter(([, flag]) => flag.choices || flag.complete || flag.file),
    files: positionals.some((positional) => positional.file),
    server: positionals.some((positional) => positional.complete),
  }
}

function entries(commands: readonly Command[]): Entry[] {
  const next = new Map<string, Map<string, string>>()
  const result: Entry[] = []
  for (const command of commands) {
    if (command.hidden) continue
    command.words.forEach((word, index) => {
      const path = command.words.slice(0, index).join(' ')
      const words = next.get(path) ?? new Map<string, string>()
      next.set(path, words)
      if (!words.has(word)) words.set(word, index === command.words.length - 1 ? command.summary : `${word} commands`)
    })
    result.push(commandEntry(command))
  }
  for (const [path, words] of next)
    result.push({ path, words: [[...words]], flags: [], values: [], files: false, server: false })
  return result
}

// The global flags that take a value: their value is not a command word (they may come anywhere).
const VALUED = Object.entries(GLOBAL_FLAGS)
  .filter(([, flag]) => flag.type === 'string')
  .map(([name]) => `--${name}`)

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`
// Values only the server knows, within COMPLETE_TIMEOUT, nothing on failure: `$typed` are the words so far.
const ASK = `${PROGRAM} __complete`
// The words typed after a command's path, by count: none (`'api'`), one, or two and more (`'api '*' '*`).
const casePattern = (path: string, count: number) =>
  count === 0 ? quote(path) : `${quote(`${path} `)}*${"' '*".repeat(count - 1)}`
const afterFlag = (path: string, flag: string) =>
  `${quote(`${path}:--${flag}`)}|${quote(`${path} `)}*${quote(`:--${flag}`)}`
const byLength = (entries: Entry[]) => [...entries].sort((a, b) => b.path.length - a.path.length)
// bash and zsh share a script: find the command words typed before the cursor (skipping flags and
// the values of the global flags that take one), then pick the case of a flag's value, else of the
// command. After a flag that takes listed values or a file, offer those (in a comma list, for the
// item after the last comma); else the command's flags when the word being completed starts with a
// dash, files after `@` or where the command takes files, the server's values, or the next words.
// What each shell writes differently is its dialect's.
const bash = {
  head: `# bash completion for ${PROGRAM}: eval "$(${PROGRAM} completion bash)"
_session_library() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" typed="" i words="" flags="" files=0 server=0
  local item="\${cur##*,}"; local head="\${cur%"$item"}"`,
  tail: `complete -F _session_library ${PROGRAM}`,
  // The array of the words typed, its first command word, the cursor, a pattern's opening, the word before the cursor and at it.
  loop: ['COMP_WORDS', 1, 'COMP_CWORD', '', '$prev', '$cur'],
  set: (name: string) => `[[ $${name} == 1 ]]`,
  offer: (kind: 'flag' | 'command') => `COMPREPLY=($(compgen -W "$${kind === 'flag' ? 'flags' : 'words'}" -- "$cur"))`,
  choices: (values: readonly string[], _list?: boolean) =>
    `COMPREPLY=($(compgen -P "$head" -W ${quote(values.join(' '))} -- "$item"))`,
  ask: (option: string, _list?: boolean) =>
    `COMPREPLY=($(compgen -P "$head" -W "$(${ASK}${option} -- $typed 2>/dev/null)" -- "$item"))`,
  files: (at: boolean) =>
    `compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f ${at ? `-P @ -- "\${cur#@}"` : '-- "$cur"'}))`,
  assign: ({ words, flags }: Pick<Entry, 'flags'> & { words: [string, string][] }) =>
    `words=${quote(words.map(([word]) => word).join(' '))}; flags=${quote(flags.map(([name]) => `--${name}`).join(' '))}`,
}

const zshItems = (items: [string, string, ...unknown[]][], dashes = '') =>
  items.map(([name, text]) => quote(`${dashes}${name.replace(/:/g, '\\:')}:${text}`)).join(' ')

const zsh: typeof bash = {
  head: `#compdef ${PROGRAM}
# zsh completion for ${PROGRAM}: source <(${PROGRAM} completion zsh)
_session_library() {
  local typed="" i files=0 server=0
  local -a words_ flags`,
  tail: `compdef _session_library ${PROGRAM}`,
  loop: ['words', 2, 'CURRENT', '(', `\${words[CURRENT-1]}`, `\${words[CURRENT]}`],
  set: (name) => `(( ${name} ))`,
  offer: (kind) => `_describe '${kind}' ${kind === 'flag' ? 'flags' : 'words_'}`,
  choices: (values, list) => `${list ? "compset -P '*,'; " : ''}compadd -- ${values.map(quote).join(' ')}`,
  ask: (option, list) =>
    `${list ? "compset -P '*,'; " : ''}compadd -- \${(f)"$(${ASK}${option} -- \${=typed} 2>/dev/null)"}`,
  files: (at) => (at ? "compset -P '@'; _files" : '_files'),
  assign: ({ words, flags }) => `words_=(${zshItems(words)}); flags=(${zshItems(flags, '--')})`,
}

type Values = Pick<typeof bash, 'choices' | 'ask' | 'files'>

// What a flag's value completes to, in a shell's words; a list's item after its last comma.
const offered = (shell: Values, value: Flag, flag: string) =>
  value.choices
    ? shell.choices(value.choices, value.multiple)
    : value.complete
      ? shell.ask(` --value-of ${flag}`, value.multiple)
      : shell.files(atFile(value))

function posix(dialect: typeof bash, all: Entry[]): string {
  const [words, first, cursor, open, previous, current] = dialect.loop
  const values = byLength(all).flatMap(({ path, values }) =>
    values.map(([flag, value]) => `    ${open}${afterFlag(path, flag)}) ${offered(dialect, value, flag)}; return ;;`),
  )
  const cases = byLength(all).flatMap((entry) => {
    const rest = `files=${entry.files ? 1 : 0}${entry.server ? '; server=1' : ''}`
    // The most words typed first (a case takes the first pattern that matches); past the last
    // position, the command's flags still (a flag's value counts as a word typed).
    const positions = [...entry.words, [], ...(entry.words.length === 0 ? [[]] : [])]
    return positions
      .map(
        (words, count) =>
          `    ${open}${casePattern(entry.path, count)}) ${dialect.assign({ ...entry, words })}; ${rest} ;;`,
      )
      .reverse()
  })
  return `${dialect.head}
  for ((i = ${first}; i < ${cursor}; i++)); do
    case "\${${words}[i]}" in
      ${open}${VALUED.join('|')}) ((i++)) ;;
      ${open}-*) ;;
      ${open}*) typed+="\${typed:+ }\${${words}[i]}" ;;
    esac
  done
  case "$typed:${previous}" in
${values.join('\n')}
  esac
  case "$typed" in
${cases.join('\n')}
  esac
  if [[ ${current} == -* ]]; then ${dialect.offer('flag')}
  elif [[ ${current} == @* ]]; then ${dialect.files(true)}
  elif ${dialect.set('files')}; then ${dialect.files(false)}
  elif ${dialect.set('server')}; then ${dialect.ask('')}
  else ${dialect.offer('command')}; fi
}
${dialect.tail}
`
}

const fishLine = (when: string, rest: string) => `complete -c ${PROGRAM} -n ${quote(when)} ${rest}`
// The server's values for the words typed so far (with `--value-of`, a flag's).
const fishAsk = (option = '') => `${ASK}${option} -- (__session_library_path | string split ' ') 2>/dev/null`
// A list's values each after what the token holds up to its last comma.
const fishList = (values: string, list?: boolean) => quote(list ? `(__session_library_list ${values})` : values)

const fishValues: Values = {
  choices: (values, list) => ` -x -a ${fishList(values.join(' '), list)}`,
  ask: (option, list) => ` -x -a ${fishList(`(${fishAsk(option)})`, list)}`,
  files: (at) =>
    at
      ? ` -x -a '(__fish_complete_path (string replace -r "^@" "" -- (commandline -ct)) | string replace -r "^" "@")'`
      : ' -r -F',
}

function fishFlag(when: string, [name, text, takes]: [string, string, boolean], value: Flag | undefined): string {
  const rest = value ? offered(fishValues, value, name) : takes ? ' -r' : ''
  return fishLine(when, `-l ${name}${rest} -d ${quote(text)}`)
}

function fish(all: Entry[]): string {
  const lines = byLength(all).flatMap((entry) => {
    const when = entry.path === '' ? 'test -z (__session_library_path)' : `__session_library_at ${quote(entry.path)}`
    // The next words only right after the path (`tags remove ses_1 ` is past `tags`), or as many words past it.
    const next = (count: number) =>
      entry.path === ''
        ? when
        : count === 0
          ? `test (__session_library_path) = ${quote(entry.path)}`
          : `string match -qr -- ${quote(`^${entry.path}( \\S+){${count}}$`)} (__session_library_path)`
    const values = new Map(entry.values)
    return [
      ...entry.words.flatMap((words, count) =>
        words.map(([word, text]) => fishLine(next(count), `-a ${quote(word)} -d ${quote(text)}`)),
      ),
      ...entry.flags.map((flag) => fishFlag(when, flag, values.get(flag[0]))),
      ...(entry.files ? [fishLine(when, '-F')] : []),
      ...(entry.server ? [fishLine(when, `-a ${quote(`(${fishAsk()})`)}`)] : []),
    ]
  })
  return `# fish completion for ${PROGRAM}: ${PROGRAM} completion fish | source
function __session_library_path
    set -l typed
    set -l skip 0
    for token in (commandline -opc)[2..-1]
        if test $skip = 1
            set skip 0
        else if contains -- $token ${VALUED.join(' ')}
            set skip 1
        else if not string match -q -- '-*' $token
            set typed $typed $token
        end
    end
    string join ' ' $typed
end
function __session_library_at
    set -l typed (__session_library_path)
    test "$typed" = $argv[1]; or string match -q -- "$argv[1] *" "$typed"
end
function __session_library_list
    set -l head (string match -r -- '.*,' (commandline -ct)); or set head ''
    for value in $argv
        echo $head$value
    end
end
complete -c ${PROGRAM} -f
${fishLine('string match -q -- "@*" (commandline -ct)', fishValues.files(true).trim())}
${lines.join('\n')}
`
}

export function completionScript(shell: Shell, commands: readonly Command[]): string {
  const all = entries(commands)
  return shell === 'fish' ? fish(all) : posix({ bash, zsh }[shell], all)
}
