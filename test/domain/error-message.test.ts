/** One errorMessage for the add-in and the service (docs/architecture.md, "One of each"). */
import { errorMessage } from '../../src/domain/error-message';

describe('errorMessage', () => {
  it("gives an Error's own message, whatever its kind", () => {
    expect(errorMessage(new Error('The service is down.'))).toBe('The service is down.');
    expect(errorMessage(new TypeError('x is not a function'))).toBe('x is not a function');
    expect(errorMessage(new DOMException('The operation was aborted.', 'AbortError'))).toBe(
      'The operation was aborted.',
    );
  });

  it('reads the message of a thrown object that is not an Error (a library or host error object)', () => {
    expect(errorMessage({ code: 'InvalidArgument', message: 'The argument is invalid.' })).toBe(
      'The argument is invalid.',
    );
  });

  it('shows a thrown string as it is, and any other value as text', () => {
    expect(errorMessage('Connection reset')).toBe('Connection reset');
    expect(errorMessage(42)).toBe('42');
  });

  it('never says nothing: an Error without a message is named by its kind', () => {
    expect(errorMessage(new Error(''))).toBe('Unexpected Error with no message');
    expect(errorMessage(new RangeError('  '))).toBe('Unexpected RangeError with no message');
    const nameless = new Error('');
    nameless.name = '';
    expect(errorMessage(nameless)).toBe('Unexpected error with no message');
  });

  it('names an empty throw too: undefined, null, an empty string or an object whose message is empty', () => {
    for (const thrown of [undefined, null, '', { message: '' }])
      expect(errorMessage(thrown)).toBe('Unexpected error with no message');
  });
});
