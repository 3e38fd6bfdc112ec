/**
 * The outcome of editing a file the user owns (tsconfig.json, next.config.*, the app module), shared by every
 * editor so the generators handle them alike:
 *
 * - `edited`: `text` is the new content; `added` names what was added.
 * - `unchanged`: the file already says what is needed; `text` is the content as it is.
 * - `manual`: the file could not be recognised; `text` is left as it is, `reason` says why and `instructions` are
 *   the lines to add by hand.
 */
export type EditResult =
  | { status: 'edited'; text: string; added: string[] }
  | { status: 'unchanged'; text: string }
  | { status: 'manual'; text: string; reason: string; instructions: string };
