import { NOT_FOUND_MESSAGES } from '@session-library/schemas'

/** Something a request names does not exist (D3's late 404): answered 404 `not_found` with SPEC's text. */
export class NotFound extends Error {
  readonly what: keyof typeof NOT_FOUND_MESSAGES

  constructor(what: keyof typeof NOT_FOUND_MESSAGES) {
    super(NOT_FOUND_MESSAGES[what])
    this.name = 'NotFound'
    this.what = what
  }
}

/** A rule only the stored data can check (D3's last step): answered 400 `invalid_json` with this message. */
export class InvalidInput extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidInput'
  }
}

/** The mock was reset while this request was under way: it writes and journals nothing. */
export class Superseded extends Error {
  constructor() {
    super('The mock was reset while this request was under way.')
    this.name = 'Superseded'
  }
}
