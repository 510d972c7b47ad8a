import type { Extras } from '../../cmdutil/operation-command.js'

export const sessionsCreate: Extras = {
  examples: [
    'session-library sessions create --title "Night Drive" --kind ableton --tags drums,vox',
    'session-library sessions create --body @session.json',
  ],
}
