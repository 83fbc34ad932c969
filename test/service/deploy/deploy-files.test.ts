import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ClientsFileSchema } from '../../../src/service/auth/clients';
import { loadConfig, SETTING_NAMES } from '../../../src/service/config';
import { PROBE_PATHS } from '../../../src/service/http/probes';

/**
 * The image and the orchestration files (Dockerfile, deploy/compose.yaml, deploy/kubernetes/) cannot be
 * run here (no Docker, no cluster), so they are read and checked against the code they deploy: the port
 * the service listens on, the probe routes it answers, a non-root user, and environment variables that
 * the service's settings really read, with values those settings accept.
 */

const ROOT = resolve(__dirname, '../../..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const DEFAULT_PORT = loadConfig({}).port;

type Yaml = Record<string, unknown>;
const obj = (v: unknown): Yaml => (v !== null && typeof v === 'object' ? (v as Yaml) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The settings an environment gives, as the service reads them: refused values throw. */
function settingsOf(env: Record<string, string>): ReturnType<typeof loadConfig> {
  for (const name of Object.keys(env)) expect(SETTING_NAMES).toContain(name);
  return loadConfig(env, '/app');
}

interface Instruction {
  readonly op: string;
  readonly args: string;
}

/** Dockerfile instructions, continuation lines joined, comments dropped, split into build stages. */
function dockerStages(text: string): { name: string; base: string; steps: Instruction[] }[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const stages: { name: string; base: string; steps: Instruction[] }[] = [];
  for (const line of lines) {
    const [op = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (op.toUpperCase() === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      stages.push({ base: m?.[1] ?? '', name: m?.[2] ?? String(stages.length), steps: [] });
    } else stages.at(-1)?.steps.push({ op: op.toUpperCase(), args });
  }
  return stages;
}

/** `KEY=value KEY2="v"` of an ENV instruction (the form this Dockerfile uses). */
function envPairs(args: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of args.matchAll(/(\w+)=("[^"]*"|\S+)/g))
    out[m[1] as string] = (m[2] as string).replace(/^"|"$/g, '');
  return out;
}

describe('Dockerfile', () => {
  const stages = dockerStages(read('Dockerfile'));
  const runtime = stages.at(-1) ?? { name: '', base: '', steps: [] };
  const steps = (op: string): Instruction[] => runtime.steps.filter((s) => s.op === op);
  const env = Object.assign({}, ...steps('ENV').map((s) => envPairs(s.args))) as Record<string, string>;

  it('builds in stages and runs a slim Node that package.json allows', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const major = Number(/^node:(\d+)/.exec(runtime.base)?.[1]);
    const needed = Number(/>=\s*(\d+)/.exec(JSON.parse(read('package.json')).engines.node as string)?.[1]);
    expect(major).toBeGreaterThanOrEqual(needed);
    expect(runtime.base).toMatch(/slim/);
    // The runtime takes the compiled service and the index from the build stage, and installs no dev tools.
    const build = stages[0]?.name;
    expect(steps('COPY').map((s) => s.args)).toEqual(
      expect.arrayContaining([
        `--from=${build} /app/dist/service dist/service`,
        `--from=${build} /app/data/build data/build`,
      ]),
    );
    expect(steps('RUN').some((s) => s.args.includes('npm ci --omit=dev'))).toBe(true);
    const buildRuns = stages[0]?.steps.filter((s) => s.op === 'RUN').map((s) => s.args) ?? [];
    expect(buildRuns).toEqual(expect.arrayContaining(['node scripts/build-service.mjs']));
    expect(buildRuns.some((r) => r.includes('node dist/service/data-build.js'))).toBe(true);
  });

  it('runs the compiled entry as a user other than root', () => {
    const users = steps('USER').map((s) => s.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const order = runtime.steps.map((s) => s.op);
    expect(order.lastIndexOf('USER')).toBeLessThan(order.indexOf('CMD'));
    expect(JSON.parse(steps('CMD')[0]?.args ?? '[]')).toEqual(['node', 'dist/service/main.js']);
    expect(read('scripts/build-service.mjs')).toMatch(/'main\.js': '\.\/service\/main\.js'/);
  });

  it('exposes the port it listens on, and its settings are the service`s own', () => {
    for (const name of Object.keys(env)) if (name !== 'NODE_ENV') expect(SETTING_NAMES).toContain(name);
    const { NODE_ENV: _, ...settings } = env;
    expect(settingsOf(settings).host).toBe('0.0.0.0');
    expect(steps('EXPOSE').map((s) => Number(s.args))).toEqual([settingsOf(settings).port]);
  });

  it('checks its health on a probe route the service answers, at the port it listens on', () => {
    const check = steps('HEALTHCHECK')[0]?.args ?? '';
    const paths = [...check.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
    expect(paths).toHaveLength(1);
    expect(Object.values(PROBE_PATHS)).toContain(paths[0]);
    expect(check).toMatch(/port: process\.env\.PORT/);
    expect(check).toMatch(/--start-period=\d+s/);
  });
});

describe('deploy/compose.yaml', () => {
  const compose = obj(parse(read('deploy/compose.yaml')));
  const services = obj(compose['services']);
  const service = obj(services['service']);
  const environment = obj(service['environment']) as Record<string, string>;
  /** `${NAME:-default}` → default, `${NAME:?message}` → a value the setting accepts. */
  const interpolated = Object.fromEntries(
    Object.entries(environment).map(([k, v]) => [
      k,
      String(v)
        .replace(/\$\{\w+:-([^}]*)\}/g, '$1')
        // A variable the operator must set gets what the file's comment says to give it: a generated secret.
        .replace(/\$\{\w+:\?[^}]*\}/g, randomBytes(32).toString('base64')),
    ]),
  );

  it('sets only settings the service reads, with values it accepts', () => {
    const settings = settingsOf(interpolated);
    expect(settings.workers).toBeGreaterThanOrEqual(1);
    expect(settings.tokenSecret).not.toBeNull();
    expect(settings.clients.source).toBe('env');
  });

  it('publishes the port the service listens on', () => {
    const port = settingsOf(interpolated).port;
    expect(arr(service['ports'])).toEqual([`${port}:${port}`]);
  });

  it('runs Redis beside it, healthy before the service starts, at the URL the service is given', () => {
    const url = new URL(settingsOf(interpolated).redisUrl ?? '');
    const redis = obj(services[url.hostname]);
    expect(String(redis['image'])).toMatch(/^redis:/);
    expect(arr(obj(redis['healthcheck'])['test'])).toContain('redis-cli');
    expect(url.port).toBe('6379');
    expect(obj(obj(service['depends_on'])[url.hostname])['condition']).toBe('service_healthy');
  });

  it('builds the Dockerfile with the raw data as its "raw" context', () => {
    const build = obj(service['build']);
    expect(build['dockerfile']).toBe('Dockerfile');
    expect(Object.keys(obj(build['additional_contexts']))).toEqual(['raw']);
    expect(read('Dockerfile')).toMatch(/COPY --from=raw /);
  });
});

describe('deploy/kubernetes', () => {
  const dir = 'deploy/kubernetes';
  const files = readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.yaml'));
  const docs = files.flatMap((f) => parseAllDocuments(read(join(dir, f))).map((d) => obj(d.toJS())));
  const ofKind = (kind: string): Yaml[] => docs.filter((d) => d['kind'] === kind);
  const deployment = ofKind('Deployment')[0] ?? {};
  const pod = obj(obj(obj(deployment['spec'])['template'])['spec']);
  const container = obj(arr(pod['containers'])[0]);
  const secret = ofKind('Secret')[0] ?? {};
  const secretData = obj(secret['stringData']) as Record<string, string>;
  const secretName = obj(secret['metadata'])['name'];
  const ports = arr(container['ports']).map(obj);

  /** The container's environment as the service sees it, secrets read from the Secret manifest. */
  const env = Object.fromEntries(
    arr(container['env']).map((e) => {
      const entry = obj(e);
      const ref = obj(obj(entry['valueFrom'])['secretKeyRef']);
      if (Object.keys(ref).length > 0) {
        expect(ref['name']).toBe(secretName);
        expect(Object.keys(secretData)).toContain(ref['key']);
        return [String(entry['name']), secretData[String(ref['key'])] ?? ''];
      }
      return [String(entry['name']), String(entry['value'])];
    }),
  );

  it('kustomization lists every manifest', () => {
    const kustomization = ofKind('Kustomization')[0] ?? {};
    expect(arr(kustomization['resources']).sort()).toEqual(
      files.filter((f) => f !== 'kustomization.yaml').sort(),
    );
    expect(ofKind('Service')).toHaveLength(1);
    expect(ofKind('HorizontalPodAutoscaler')).toHaveLength(1);
  });

  it('the Deployment sets only settings the service reads, with values it accepts, secrets from the Secret', () => {
    const settings = settingsOf(env);
    expect(settings.host).toBe('0.0.0.0');
    expect(settings.redisUrl).not.toBeNull();
    expect(settings.tokenSecret?.length).toBeGreaterThanOrEqual(32);
    expect(settings.clients).toEqual({ source: 'file', path: env['JOBPRICE_CLIENTS_FILE'] });
    for (const name of ['JOBPRICE_TOKEN_SECRET', 'JOBPRICE_REDIS_URL'])
      expect(
        arr(container['env'])
          .map(obj)
          .find((e) => e['name'] === name)?.['valueFrom'],
      ).toBeDefined();
  });

  it('mounts the clients file from the Secret where the service is told to read it, in its format', () => {
    const mount = arr(container['volumeMounts']).map(obj)[0] ?? {};
    const volume =
      arr(pod['volumes'])
        .map(obj)
        .find((v) => v['name'] === mount['name']) ?? {};
    const source = obj(volume['secret']);
    expect(source['secretName']).toBe(secretName);
    const item = arr(source['items']).map(obj)[0] ?? {};
    expect(`${String(mount['mountPath'])}/${String(item['path'])}`).toBe(env['JOBPRICE_CLIENTS_FILE']);
    expect(ClientsFileSchema.safeParse(JSON.parse(secretData[String(item['key'])] ?? '')).success).toBe(true);
  });

  it('listens where its container port says, probes the routes the service answers', () => {
    const http = ports.find((p) => p['name'] === 'http');
    expect(http?.['containerPort']).toBe(settingsOf(env).port);
    expect(settingsOf(env).port).toBe(DEFAULT_PORT);
    const probe = (name: string): Yaml => obj(obj(container[name])['httpGet']);
    expect(probe('readinessProbe')).toEqual({ path: PROBE_PATHS.ready, port: 'http' });
    expect(probe('livenessProbe')).toEqual({ path: PROBE_PATHS.live, port: 'http' });
    expect(probe('startupProbe')).toEqual({ path: PROBE_PATHS.live, port: 'http' });
  });

  it('asks for the cores its workers use, and memory for each, and runs as a user other than root', () => {
    const resources = obj(container['resources']);
    const cpu = String(obj(resources['requests'])['cpu']);
    const cores = cpu.endsWith('m') ? Number(cpu.slice(0, -1)) / 1000 : Number(cpu);
    expect(settingsOf(env).workers).toBeLessThanOrEqual(Math.max(1, Math.ceil(cores)));
    expect(obj(resources['requests'])['memory']).toBeDefined();
    expect(obj(resources['limits'])['memory']).toBeDefined();
    const security = obj(pod['securityContext']);
    expect(security['runAsNonRoot']).toBe(true);
    expect(security['runAsUser']).not.toBe(0);
    expect(obj(container['securityContext'])['allowPrivilegeEscalation']).toBe(false);
    // The Dockerfile's USER node is uid 1000 in the official Node images.
    expect(security['runAsUser']).toBe(1000);
    expect(read('Dockerfile')).toMatch(/^USER node$/m);
  });

  it('the Service reaches the Deployment`s pods on the named port; the autoscaler scales the Deployment', () => {
    const service = obj(ofKind('Service')[0]?.['spec']);
    const labels = obj(obj(obj(obj(deployment['spec'])['template'])['metadata'])['labels']);
    expect(labels).toMatchObject(obj(service['selector']));
    expect(
      arr(service['ports'])
        .map(obj)
        .map((p) => p['targetPort']),
    ).toEqual(['http']);
    const hpa = obj(ofKind('HorizontalPodAutoscaler')[0]?.['spec']);
    expect(obj(hpa['scaleTargetRef'])).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: obj(deployment['metadata'])['name'],
    });
    expect(Number(hpa['minReplicas'])).toBeGreaterThanOrEqual(2);
    expect(Number(hpa['maxReplicas'])).toBeGreaterThan(Number(hpa['minReplicas']));
  });

  it('runs the image compose builds', () => {
    const compose = obj(parse(read('deploy/compose.yaml')));
    const image = String(obj(obj(compose['services'])['service'])['image']);
    expect(String(container['image']).split(':')[0]).toBe(image);
  });
});
