/** A1 helpers (column letters); no Office calls. They live in src/domain/a1.ts, where pure code reaches them too. */
export { columnLetters, lettersToColumn } from '../domain/a1';
