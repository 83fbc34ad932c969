/**
 * The reference service in its own process for `bench:taskpane`: prints one JSON line
 * {url, clientId, clientSecret} when listening, and stops when its stdin closes. Keeping the service's
 * index out of the benchmark's heap means the add-in's figures do not pay for the service's garbage
 * collection, as in real life where the service runs elsewhere.
 */
import { startReferenceService } from '../test/e2e/reference-service';
import { errorMessage } from '../src/domain/error-message';

startReferenceService()
  .then((s) => {
    process.stdout.write(
      `${JSON.stringify({ url: s.url, clientId: s.clientId, clientSecret: s.clientSecret })}\n`,
    );
    process.stdin.resume();
    process.stdin.on('end', () => void s.close().then(() => process.exit(0)));
  })
  .catch((err: unknown) => {
    console.error(errorMessage(err));
    process.exit(1);
  });
