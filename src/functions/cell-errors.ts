import type { FailureKind } from '../domain/outcome';

/**
 * Maps a failure to the error a cell shows. #VALUE! is for what is wrong with the job itself (validation,
 * or the service refusing it: "Location request is incomplete", "No matching job found"); #N/A is for
 * what kept us from an answer (not signed in, network, 401, timeout, a figure outside the data scope).
 * Both take a custom message, shown in the cell's error indicator.
 *
 * CustomFunctions is a global of the Office runtime; it is looked up at call time, never at import time.
 */

/** Long messages are cut: the error indicator shows a line or two. */
const MAX_MESSAGE = 500;

function clip(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
}

export function valueError(message: string): CustomFunctions.Error {
  return new CustomFunctions.Error(CustomFunctions.ErrorCode.invalidValue, clip(message));
}

export function notAvailable(message: string): CustomFunctions.Error {
  return new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, clip(message));
}

export function errorFor(kind: FailureKind, message: string): CustomFunctions.Error {
  return kind === 'local' || kind === 'service' ? valueError(message) : notAvailable(message);
}
