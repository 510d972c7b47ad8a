import type { Extras } from '../../cmdutil/operation-command.js'

export const notesPut: Extras = {
  examples: [
    'session-library notes put ses_1 --notes @notes.md   # from a file',
    'session-library notes put ses_1 --notes null --yes   # clear them',
  ],
}
