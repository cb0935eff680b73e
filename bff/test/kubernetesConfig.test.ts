import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { readConfig } from '@phoenix/server/config';
import { readPointsConfig } from '../../points-api/src/config';

/**
 * deploy/kubernetes gives the services a configuration they accept: each Deployment's environment
 * (phoenix-config and its own variables, the secrets as files) read by the real schema, as at start.
 * scripts/test/kubernetes.test.mjs checks the objects themselves.
 */

const base = path.resolve(__dirname, '../../deploy/kubernetes');
interface Container {
  name: string;
  envFrom?: { configMapRef: { name: string } }[];
  env?: { name: string; value: string }[];
}
/** The parts of the objects read here. */
interface KubeObject {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec?: { template: { spec: { containers: Container[]; initContainers?: Container[] } } };
}
const objects = ['config.yaml', 'bff.yaml', 'points-api.yaml', 'migrate-job.yaml'].flatMap((file) =>
  parseAllDocuments(fs.readFileSync(path.join(base, file), 'utf8')).map((doc) => doc.toJS() as KubeObject),
);
const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name)!;
const podOf = (kind: string, name: string) => find(kind, name).spec!.template.spec;

let secrets: string;
beforeAll(() => {
  secrets = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-k8s-secrets-'));
});
afterAll(() => fs.rmSync(secrets, { recursive: true, force: true }));

/** A container's environment with each NAME_FILE pointing at a file of a value like the Secret's. */
function environmentOf(container: Container): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const { configMapRef } of container.envFrom ?? []) Object.assign(env, find('ConfigMap', configMapRef.name).data);
  for (const { name, value } of container.env ?? []) {
    if (!name.endsWith('_FILE')) {
      env[name] = value;
      continue;
    }
    const file = path.join(secrets, path.basename(value));
    const content = /DATABASE_URL/.test(name)
      ? `postgres://${name.startsWith('MIGRATION') ? 'phoenix' : 'phoenix_app'}:${'x'.repeat(48)}@postgres.db.svc:5432/phoenix\n`
      : `${'t'.repeat(64)}\n`;
    fs.writeFileSync(file, content);
    env[name] = file;
  }
  // As the images set it (docker/*.Dockerfile).
  return { NODE_ENV: 'production', HOST: '0.0.0.0', ...env };
}

test("the BFF accepts its Deployment's configuration: deployed, migrations left to the Job, the ingress trusted, secrets from files", () => {
  const [container] = podOf('Deployment', 'phoenix-bff').containers;
  const config = readConfig(environmentOf(container!));
  expect(config).toMatchObject({
    port: 8787,
    deployed: true,
    migrateOnStart: false,
    migrationDatabaseUrl: null,
    requireServingRole: true,
    seedLocalData: false,
    secondFactor: 'required',
    changeControl: { mode: 'approve' },
    metrics: { token: 't'.repeat(64) },
    db: { kind: 'postgres', connectionString: expect.stringMatching(/^postgres:\/\/phoenix_app:/) },
  });
  expect(config.trustProxy).toEqual([expect.stringMatching(/\/\d+$/)]);
});

test("the points API accepts its Deployment's configuration, the game server's token from its file", () => {
  const [container] = podOf('Deployment', 'phoenix-points-api').containers;
  expect(readPointsConfig(environmentOf(container!))).toMatchObject({
    port: 8788,
    deployed: true,
    migrateOnStart: false,
    migrationDatabaseUrl: null,
    gameServer: { token: 't'.repeat(64) },
  });
});

test("the migration Job's containers read the owner's URL and the serving role's", () => {
  const spec = podOf('Job', 'phoenix-migrate');
  const [bff] = spec.initContainers!;
  const [points] = spec.containers;
  expect(readConfig(environmentOf(bff!)).migrationDatabaseUrl).toMatch(/^postgres:\/\/phoenix:/);
  expect(readPointsConfig(environmentOf(points!)).migrationDatabaseUrl).toMatch(/^postgres:\/\/phoenix:/);
});
