import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** Starts the reference service in a child process on 127.0.0.1:0 and signs in to it (D15). */
export async function startServiceProcess(): Promise<{ url: string; token: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, 'taskpane-service.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout }).once('line', done);
    child.once('exit', (code) => fail(new Error(`the reference service exited (${code}); see above`)));
  });
  const info = JSON.parse(line) as { url: string; clientId: string; clientSecret: string };
  const res = await fetch(`${info.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: info.clientId,
      client_secret: info.clientSecret,
    }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in to the reference service failed (${res.status})`);
  return { url: info.url, token: body.access_token, stop: () => child.stdin.end() };
}
