import net from 'node:net';

/**
 * In the `unit` Jest project (jest.config.js) a test may not listen on a port: tests that talk HTTP over
 * loopback belong to the `service` project, so `npm run test:unit` stays in-process and fast. The guard
 * is put back after each test file, since Jest runs files of every project in the same workers.
 */
const listen = net.Server.prototype.listen;

beforeAll(() => {
  net.Server.prototype.listen = function refused(): never {
    throw new Error(
      'A unit test opened a port. Tests over loopback HTTP belong to the service project: add the file to SERVICE_TESTS in jest.config.js.',
    );
  };
});

afterAll(() => {
  net.Server.prototype.listen = listen;
});
