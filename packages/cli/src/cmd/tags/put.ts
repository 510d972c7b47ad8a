import type { Extras } from '../../cmdutil/operation-command.js'

export const tagsPut: Extras = {
  examples: [
    'session-library tags put ses_1 --tags drums,vox',
    "session-library tags put ses_1 --tags '' --yes   # no tags",
  ],
}
