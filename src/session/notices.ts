/**
 * Messages for the pane from parts of the add-in that have no screen of their own (the ribbon commands).
 * The pane, the functions and the commands share one runtime, so this is a plain module singleton: a
 * notice posted before the pane listens is kept and shown when it starts listening.
 */

export interface Notice {
  text: string;
  tone: 'info' | 'error' | 'success';
}

type Listener = (notice: Notice) => void;

const listeners = new Set<Listener>();
let pending: Notice[] = [];

export function postNotice(notice: Notice): void {
  if (listeners.size === 0) pending.push(notice);
  else for (const listener of listeners) listener(notice);
}

/** Starts listening (pending notices are delivered at once); returns the function that stops it. */
export function onNotice(listener: Listener): () => void {
  listeners.add(listener);
  const waiting = pending;
  pending = [];
  for (const notice of waiting) listener(notice);
  return () => listeners.delete(listener);
}
