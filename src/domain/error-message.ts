/**
 * The text of anything thrown, for a person to read: a status cell, the pane, the service's log. Never
 * empty, because an empty status reads as success:
 * - an Error (or anything with a string `message`: a DOMException, Office's errors, a library's plain
 *   object) gives its message;
 * - a thrown string is its own message; any other value is shown as text ("42");
 * - with no message at all, it names what failed: "Unexpected TypeError with no message", or
 *   "Unexpected error with no message" when there is not even a kind (undefined, null, "").
 */
export function errorMessage(err: unknown): string {
  const message = messageOf(err);
  if (message.trim() !== '') return message;
  const kind = err instanceof Error && err.name.trim() !== '' ? err.name : 'error';
  return `Unexpected ${kind} with no message`;
}

function messageOf(err: unknown): string {
  if (typeof err === 'string') return err;
  if (err === undefined || err === null) return '';
  if (typeof err === 'object') {
    const message = (err as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return String(err);
}
