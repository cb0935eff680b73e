// deploy/kubernetes is checked without a cluster (no kubectl, kustomize or kubeconform here nor in CI):
// every resource kustomization.yaml lists is loaded and validated against the Kubernetes OpenAPI
// schemas (kubernetes-models; the ServiceMonitor against the Prometheus Operator's CRD schema), then
// checked against the repository: the variables the services read, their probes, the migrate command,
// the Dockerfiles the images come from, selectors, and what the budgets and autoscalers target.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments, parse } from 'yaml';
import { REMOTES, repoRoot } from '../lib/releases.mjs';

const base = path.join(repoRoot, 'deploy/kubernetes');
const kustomization = parse(fs.readFileSync(path.join(base, 'kustomization.yaml'), 'utf8'));

/** Every object of every listed resource, with the file it came from. */
const objects = kustomization.resources.flatMap((resource) => {
  const file = path.join(base, resource);
  assert.ok(fs.existsSync(file), `kustomization.yaml lists ${resource}, which does not exist`);
  return parseAllDocuments(fs.readFileSync(file, 'utf8')).map((doc) => {
    assert.deepEqual(doc.errors, [], `${resource}: ${doc.errors.join('; ')}`);
    return { file: resource, object: doc.toJS() };
  });
});
const all = (kind) => objects.filter(({ object }) => object.kind === kind).map(({ object }) => object);
const named = (kind, name) => all(kind).find((o) => o.metadata.name === name);

/** The model module of an apiVersion (core v1 is "v1"). */
const MODELS = {
  v1: 'kubernetes-models/v1',
  'apps/v1': 'kubernetes-models/apps/v1',
  'batch/v1': 'kubernetes-models/batch/v1',
  'policy/v1': 'kubernetes-models/policy/v1',
  'autoscaling/v2': 'kubernetes-models/autoscaling/v2',
  'networking.k8s.io/v1': 'kubernetes-models/networking.k8s.io/v1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};

const configSource = fs.readFileSync(path.join(repoRoot, 'shared/server/src/config.ts'), 'utf8');
/** The configuration schema's variables (`  NAME: variable(` or `: secretToken`), both services'. */
const schemaVariables = new Set([...configSource.matchAll(/^ {2}([A-Z][A-Z0-9_]*):\s*(?:variable\(|secretToken\b)/gm)].map((m) => m[1]));
/** The variables that may come from a file (NAME_FILE). */
const secretFileVariables = new Set(
  [...(configSource.match(/SECRET_FILE_VARIABLES = \[([^\]]*)\]/)?.[1] ?? '').matchAll(/'([A-Z0-9_]+)'/g)].map((m) => m[1]),
);
const shutdownBoundMs = Number(
  fs
    .readFileSync(path.join(repoRoot, 'shared/server/src/http/shutdown.ts'), 'utf8')
    .match(/SHUTDOWN_BOUND_MS = ([\d_]+)/)?.[1]
    .replace(/_/g, ''),
);

const API_DEPLOYMENTS = { 'phoenix-bff': 'bff', 'phoenix-points-api': 'points-api' };
const STATIC_DEPLOYMENTS = ['host', ...REMOTES].map((a) => (a === 'host' ? 'phoenix-host' : `phoenix-remote-${a}`));

/** A pod spec's containers, init containers included. */
const containersOf = (podSpec) => [...(podSpec.initContainers ?? []), ...podSpec.containers];
const matches = (selector, labels) => Object.entries(selector).every(([k, v]) => labels?.[k] === v);
const configMapData = (name) => named('ConfigMap', name)?.data ?? {};

/** A container's environment: its ConfigMaps' keys (envFrom) and its own env. */
function environmentOf(container) {
  const env = {};
  for (const source of container.envFrom ?? []) {
    assert.ok(source.configMapRef, `${container.name}: envFrom other than a ConfigMap`);
    const configMap = named('ConfigMap', source.configMapRef.name);
    assert.ok(configMap, `${container.name}: envFrom names ConfigMap ${source.configMapRef.name}, which is not in the base`);
    Object.assign(env, configMap.data);
  }
  for (const { name, value } of container.env ?? []) env[name] = value;
  return env;
}

/** The file a mounted volume holds at `file` (a projected Secret item), or null. */
function secretAt(podSpec, container, file) {
  if (!file) return null;
  for (const mount of container.volumeMounts ?? []) {
    if (!file.startsWith(`${mount.mountPath}/`)) continue;
    const volume = podSpec.volumes.find((v) => v.name === mount.name);
    const relative = file.slice(mount.mountPath.length + 1);
    for (const source of volume?.projected?.sources ?? []) {
      const item = source.secret?.items?.find((i) => i.path === relative);
      if (item) return { secret: source.secret.name, key: item.key };
    }
  }
  return null;
}

/** A Dockerfile's final stage: EXPOSE, USER, CMD. */
function dockerfile(relative) {
  const text = fs.readFileSync(path.join(repoRoot, relative), 'utf8');
  const final = text.split(/^FROM\s/m).at(-1);
  return {
    text,
    expose: Number(final.match(/^EXPOSE\s+(\d+)/m)?.[1]),
    user: [...final.matchAll(/^USER\s+(\S+)/gm)].at(-1)?.[1],
    cmd: JSON.parse(final.match(/^CMD\s+(\[.*\])\s*$/m)?.[1] ?? 'null'),
  };
}

describe('deploy/kubernetes: the objects', () => {
  it('lists its resources once, each a file of plain objects with a kind and a name', () => {
    assert.equal(kustomization.apiVersion, 'kustomize.config.k8s.io/v1beta1');
    assert.equal(kustomization.kind, 'Kustomization');
    assert.equal(new Set(kustomization.resources).size, kustomization.resources.length);
    const listed = new Set(kustomization.resources);
    for (const file of fs.readdirSync(base).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml'))
      assert.ok(listed.has(file), `${file} is not listed in kustomization.yaml`);
    const ids = objects.map(({ object }) => `${object.kind}/${object.metadata?.name}`);
    assert.equal(new Set(ids).size, ids.length, `an object repeats: ${ids}`);
    for (const { file, object } of objects) {
      assert.ok(object.apiVersion && object.kind && object.metadata?.name, `${file}: an object without apiVersion, kind or name`);
      // No namespace in the objects: kustomization.yaml's applies to all.
      assert.equal(object.metadata.namespace, undefined, `${file}: ${object.kind}/${object.metadata.name} names a namespace`);
    }
  });

  it('validates every object against the Kubernetes schemas (kubernetes-models) and the ServiceMonitor against its CRD', async () => {
    for (const { file, object } of objects) {
      const module = MODELS[object.apiVersion];
      assert.ok(module, `${file}: ${object.kind} ${object.apiVersion} has no model here`);
      const Model = (await import(module))[object.kind];
      assert.equal(typeof Model, 'function', `${file}: ${object.apiVersion} has no kind ${object.kind}`);
      assert.doesNotThrow(
        () => new Model(object).validate(),
        (error) => {
          throw new Error(`${file}: ${object.kind}/${object.metadata.name}: ${error.message}`);
        },
      );
    }
  });

  it('the validation catches a bad object (the schemas are really applied)', async () => {
    const { Deployment } = await import('kubernetes-models/apps/v1');
    const bad = structuredClone(named('Deployment', 'phoenix-bff'));
    bad.spec.template.spec.containers[0].ports[0].containerPort = '8787';
    assert.throws(() => new Deployment(bad).validate(), /containerPort must be integer/);
    const { ServiceMonitor } = await import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1');
    const monitor = structuredClone(all('ServiceMonitor')[0]);
    monitor.spec.endpoints[0].authorization.credentials = 'token';
    assert.throws(() => new ServiceMonitor(monitor).validate());
  });

  it('has what the deployment needs: the APIs, the console, the migration Job, budgets, autoscalers, the monitor', () => {
    assert.deepEqual(
      all('Deployment')
        .map((d) => d.metadata.name)
        .sort(),
      [...Object.keys(API_DEPLOYMENTS), ...STATIC_DEPLOYMENTS].sort(),
    );
    assert.deepEqual(
      all('Job').map((j) => j.metadata.name),
      ['phoenix-migrate'],
    );
    assert.deepEqual(
      all('HorizontalPodAutoscaler')
        .map((h) => h.spec.scaleTargetRef.name)
        .sort(),
      Object.keys(API_DEPLOYMENTS).sort(),
    );
    assert.equal(all('ServiceMonitor').length, 1);
    assert.ok(
      all('Namespace').some((n) => n.metadata.name === kustomization.namespace),
      'the namespace is not created',
    );
    // No Secret in the base: the operator creates them (docs/releasing.md).
    assert.deepEqual(all('Secret'), []);
  });
});

describe('deploy/kubernetes: checked against the services', () => {
  it('sets only variables the services read; every secret through NAME_FILE, from a mounted Secret', () => {
    assert.ok(schemaVariables.has('DATABASE_URL') && schemaVariables.has('MIGRATE_ON_START'), 'the schema scan found too little');
    assert.ok(secretFileVariables.has('METRICS_TOKEN'), 'SECRET_FILE_VARIABLES not found in config.ts');
    const apiPods = [...Object.keys(API_DEPLOYMENTS).map((name) => named('Deployment', name)), named('Job', 'phoenix-migrate')];
    for (const owner of apiPods) {
      const podSpec = owner.spec.template.spec;
      for (const container of containersOf(podSpec)) {
        const env = environmentOf(container);
        for (const [name, value] of Object.entries(env)) {
          const where = `${owner.metadata.name}/${container.name}: ${name}`;
          // NAME_FILE: a secret's file, unless the schema has a variable of that very name.
          if (name.endsWith('_FILE') && !schemaVariables.has(name)) {
            const variable = name.slice(0, -'_FILE'.length);
            assert.ok(secretFileVariables.has(variable), `${where}: ${variable} cannot be read from a file`);
            assert.ok(secretAt(podSpec, container, value), `${where}=${value}: no mounted Secret item at that path`);
          } else {
            assert.ok(schemaVariables.has(name), `${where} is not in the configuration schema (shared/server/src/config.ts)`);
            assert.ok(!secretFileVariables.has(name), `${where}: a secret in plain text (use ${name}_FILE)`);
          }
        }
        assert.ok(env.DATABASE_URL_FILE, `${owner.metadata.name}/${container.name} has no database`);
      }
    }
    const config = configMapData('phoenix-config');
    assert.equal(config.MIGRATE_ON_START, 'false', 'the services must leave migrations to the Job');
    assert.ok(config.PHOENIX_ENV && config.PHOENIX_ENV !== 'local', 'PHOENIX_ENV unset or local: seeded accounts, no change control');
    assert.ok(
      config.TRUST_PROXY && !['true', 'false', '0'].includes(config.TRUST_PROXY),
      `TRUST_PROXY=${config.TRUST_PROXY}: name the ingress`,
    );
    // The console's variables are read by its server.
    const serve =
      fs.readFileSync(path.join(repoRoot, 'scripts/serve.mjs'), 'utf8') +
      fs.readFileSync(path.join(repoRoot, 'scripts/lib/releases.mjs'), 'utf8');
    for (const name of STATIC_DEPLOYMENTS)
      for (const container of named('Deployment', name).spec.template.spec.containers)
        for (const variable of Object.keys(environmentOf(container)))
          assert.ok(serve.includes(variable), `${name}: ${variable} is read by nothing in scripts/serve.mjs`);
    assert.ok(
      fs.existsSync(path.join(repoRoot, 'environments', `${configMapData('phoenix-console-config').PHOENIX_ENV_NAME}.json`)),
      'PHOENIX_ENV_NAME names no environments/ file',
    );
  });

  it("serves only with the serving role: the owner URL is the migration Job's alone", () => {
    for (const name of Object.keys(API_DEPLOYMENTS)) {
      const env = environmentOf(named('Deployment', name).spec.template.spec.containers[0]);
      for (const variable of Object.keys(env)) assert.doesNotMatch(variable, /MIGRATION_DATABASE_URL/, `${name} holds the owner's URL`);
    }
    const job = named('Job', 'phoenix-migrate').spec.template.spec;
    for (const container of containersOf(job)) {
      const env = environmentOf(container);
      const owner = secretAt(job, container, env.MIGRATION_DATABASE_URL_FILE);
      const serving = secretAt(job, container, env.DATABASE_URL_FILE);
      assert.ok(owner && serving, `${container.name}: the Job needs both URLs (the owner grants the serving role)`);
      assert.notEqual(owner.secret, serving.secret);
      // The Deployments serve with the same Secret the Job grants.
      assert.deepEqual(
        secretAt(
          named('Deployment', 'phoenix-bff').spec.template.spec,
          named('Deployment', 'phoenix-bff').spec.template.spec.containers[0],
          '/etc/phoenix/secrets/database-url',
        ),
        serving,
      );
    }
  });

  it("runs the migrate command, the BFF's before the points API's, as the images it migrates for", () => {
    const job = named('Job', 'phoenix-migrate');
    const spec = job.spec.template.spec;
    assert.equal(spec.restartPolicy, 'Never');
    // Init containers run one after the other, each to success, before the containers.
    assert.deepEqual(
      spec.initContainers.map((c) => c.image),
      ['phoenix-admin/bff'],
    );
    assert.deepEqual(
      spec.containers.map((c) => c.image),
      ['phoenix-admin/points-api'],
    );
    for (const [container, service] of [
      [spec.initContainers[0], 'bff'],
      [spec.containers[0], 'points-api'],
    ]) {
      assert.deepEqual([...(container.command ?? []), ...(container.args ?? [])], ['node', 'dist/cli/migrate.js']);
      assert.ok(
        fs.existsSync(path.join(repoRoot, service, 'src/cli/migrate.ts')),
        `${service} has no src/cli/migrate.ts (dist/cli/migrate.js)`,
      );
      const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, service, 'package.json'), 'utf8'));
      assert.match(pkg.scripts.migrate, /src\/cli\/migrate\.ts/);
    }
    assert.ok(job.spec.backoffLimit >= 1 && job.spec.activeDeadlineSeconds > 0);
  });

  it('probes liveness on /health and readiness on /ready (the APIs), at a port the container opens', () => {
    for (const deployment of all('Deployment')) {
      const api = deployment.metadata.name in API_DEPLOYMENTS;
      for (const container of deployment.spec.template.spec.containers) {
        const ports = new Set(container.ports.flatMap((p) => [p.name, p.containerPort]));
        assert.equal(container.livenessProbe?.httpGet?.path, '/health', `${deployment.metadata.name}: liveness`);
        assert.equal(container.readinessProbe?.httpGet?.path, api ? '/ready' : '/health', `${deployment.metadata.name}: readiness`);
        for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe'].map((p) => container[p]).filter(Boolean))
          assert.ok(
            ports.has(probe.httpGet.port),
            `${deployment.metadata.name}: a probe on port ${probe.httpGet.port}, which the container does not open`,
          );
      }
    }
  });

  it('runs the images the Dockerfiles build, at their ports and as their unprivileged user', () => {
    const images = new Set(kustomization.images.map((i) => i.name));
    for (const owner of [...all('Deployment'), ...all('Job')]) {
      const podSpec = owner.spec.template.spec;
      for (const container of containersOf(podSpec))
        assert.ok(images.has(container.image), `${owner.metadata.name}: image ${container.image} is not in kustomization.yaml's images`);
    }
    for (const deployment of all('Deployment')) {
      const file = deployment.metadata.annotations?.['phoenix-admin.dev/dockerfile'];
      assert.ok(
        file && fs.existsSync(path.join(repoRoot, file)),
        `${deployment.metadata.name}: no Dockerfile annotation, or ${file} is missing`,
      );
      const built = dockerfile(file);
      const [container] = deployment.spec.template.spec.containers;
      assert.equal(container.ports[0].containerPort, built.expose, `${deployment.metadata.name}: ${file} exposes ${built.expose}`);
      if (container.env?.find((e) => e.name === 'PORT'))
        assert.equal(Number(container.env.find((e) => e.name === 'PORT').value), built.expose);
      // USER node: uid 1000 in the official Node images; runAsNonRoot needs the number.
      assert.equal(built.user, 'node');
      assert.equal(deployment.spec.template.spec.securityContext.runAsUser, 1000);
      assert.equal(container.command, undefined, `${deployment.metadata.name}: the image's CMD runs the service`);
      if (file.endsWith('static.Dockerfile')) {
        const artifact = deployment.metadata.annotations['phoenix-admin.dev/artifact'];
        assert.ok(['host', ...REMOTES].includes(artifact), `${deployment.metadata.name}: unknown artifact ${artifact}`);
        assert.match(built.text, /^ARG ARTIFACT\b/m);
        assert.equal(container.image, `phoenix-admin/static-${artifact}`);
        assert.deepEqual(built.cmd, ['node', 'scripts/serve.mjs']);
      } else {
        const service = API_DEPLOYMENTS[deployment.metadata.name];
        assert.equal(container.image, `phoenix-admin/${service}`);
        assert.ok(built.cmd.includes('dist/main.js'));
        assert.match(built.text, new RegExp(`pnpm --filter @phoenix/${service} build`));
      }
    }
    // The Job runs the same images (and so the same release) as the Deployments.
    for (const container of containersOf(named('Job', 'phoenix-migrate').spec.template.spec))
      assert.ok(all('Deployment').some((d) => d.spec.template.spec.containers[0].image === container.image));
  });

  it('runs every pod unprivileged, read-only, with requests and limits', () => {
    for (const owner of [...all('Deployment'), ...all('Job')]) {
      const podSpec = owner.spec.template.spec;
      assert.equal(podSpec.securityContext?.runAsNonRoot, true, `${owner.metadata.name}: runAsNonRoot`);
      assert.equal(podSpec.securityContext?.seccompProfile?.type, 'RuntimeDefault', `${owner.metadata.name}: seccomp`);
      assert.equal(podSpec.automountServiceAccountToken, false, `${owner.metadata.name}: it never calls the Kubernetes API`);
      for (const container of containersOf(podSpec)) {
        const where = `${owner.metadata.name}/${container.name}`;
        assert.equal(container.securityContext?.allowPrivilegeEscalation, false, where);
        assert.equal(container.securityContext?.readOnlyRootFilesystem, true, where);
        assert.deepEqual(container.securityContext?.capabilities?.drop, ['ALL'], where);
        for (const kind of ['requests', 'limits'])
          for (const resource of ['cpu', 'memory']) assert.ok(container.resources?.[kind]?.[resource], `${where}: no ${kind}.${resource}`);
        // Every volume mounted is declared.
        for (const mount of container.volumeMounts ?? [])
          assert.ok(
            podSpec.volumes.some((v) => v.name === mount.name),
            `${where}: volume ${mount.name}`,
          );
      }
    }
  });

  it('gives the APIs more time to stop than their shutdown takes (preStop pause, then SIGTERM and up to 40 s)', () => {
    assert.ok(shutdownBoundMs > 0, 'SHUTDOWN_BOUND_MS not found');
    for (const name of Object.keys(API_DEPLOYMENTS)) {
      const podSpec = named('Deployment', name).spec.template.spec;
      const preStop = podSpec.containers[0].lifecycle?.preStop?.exec?.command;
      const pauseS = preStop?.[0] === 'sleep' ? Number(preStop[1]) : 0;
      assert.ok(
        podSpec.terminationGracePeriodSeconds >= 45,
        `${name}: terminationGracePeriodSeconds ${podSpec.terminationGracePeriodSeconds}`,
      );
      assert.ok(
        podSpec.terminationGracePeriodSeconds * 1000 > pauseS * 1000 + shutdownBoundMs,
        `${name}: ${podSpec.terminationGracePeriodSeconds}s < ${pauseS}s pause + ${shutdownBoundMs / 1000}s shutdown`,
      );
      // A rollout never takes a ready instance away before its successor is ready.
      assert.equal(named('Deployment', name).spec.strategy.rollingUpdate.maxUnavailable, 0);
    }
  });

  it('selects what it means to: Deployments their pods, Services one Deployment at a port it opens, budgets and autoscalers existing Deployments', () => {
    for (const deployment of all('Deployment'))
      assert.ok(
        matches(deployment.spec.selector.matchLabels, deployment.spec.template.metadata.labels),
        `${deployment.metadata.name}: selector`,
      );
    for (const service of all('Service')) {
      const selected = all('Deployment').filter((d) => matches(service.spec.selector, d.spec.template.metadata.labels));
      assert.equal(selected.length, 1, `Service ${service.metadata.name} selects ${selected.length} Deployments`);
      const ports = selected[0].spec.template.spec.containers.flatMap((c) => c.ports.flatMap((p) => [p.name, p.containerPort]));
      for (const port of service.spec.ports)
        assert.ok(ports.includes(port.targetPort), `Service ${service.metadata.name}: targetPort ${port.targetPort}`);
    }
    for (const budget of all('PodDisruptionBudget')) {
      const selected = all('Deployment').filter((d) => matches(budget.spec.selector.matchLabels, d.spec.template.metadata.labels));
      assert.equal(selected.length, 1, `PodDisruptionBudget ${budget.metadata.name} selects ${selected.length} Deployments`);
    }
    for (const name of [...Object.keys(API_DEPLOYMENTS), 'phoenix-host'])
      assert.ok(
        all('PodDisruptionBudget').some((b) =>
          matches(b.spec.selector.matchLabels, named('Deployment', name).spec.template.metadata.labels),
        ),
        `${name} has no PodDisruptionBudget`,
      );
    for (const hpa of all('HorizontalPodAutoscaler')) {
      const { apiVersion, kind, name } = hpa.spec.scaleTargetRef;
      assert.deepEqual([apiVersion, kind], ['apps/v1', 'Deployment']);
      const deployment = named('Deployment', name);
      assert.ok(deployment, `HorizontalPodAutoscaler ${hpa.metadata.name} scales ${name}, which does not exist`);
      // The autoscaler owns the count; a replicas field would reset it on every apply.
      assert.equal(deployment.spec.replicas, undefined, `${name} sets replicas under an autoscaler`);
      assert.ok(hpa.spec.minReplicas >= 2, `${name}: at least two instances (the budget keeps one)`);
      // CPU utilization is relative to the request.
      assert.ok(deployment.spec.template.spec.containers[0].resources.requests.cpu);
    }
    for (const ingress of all('Ingress'))
      for (const rule of ingress.spec.rules)
        for (const { backend } of rule.http.paths) {
          const service = named('Service', backend.service.name);
          assert.ok(service, `Ingress: no Service ${backend.service.name}`);
          assert.ok(
            service.spec.ports.some((p) => p.name === backend.service.port.name),
            `Ingress: ${backend.service.name} has no port ${backend.service.port.name}`,
          );
        }
  });

  it('scrapes /metrics of every BFF and points API pod with the METRICS_TOKEN the pods read', () => {
    const [monitor] = all('ServiceMonitor');
    const selects = (labels) =>
      matches(monitor.spec.selector.matchLabels ?? {}, labels) &&
      (monitor.spec.selector.matchExpressions ?? []).every(
        ({ key, operator, values }) => operator === 'In' && values.includes(labels?.[key]),
      );
    const scraped = all('Service')
      .filter((s) => selects(s.metadata.labels))
      .map((s) => s.metadata.name)
      .sort();
    assert.deepEqual(scraped, Object.keys(API_DEPLOYMENTS).sort());
    const [endpoint] = monitor.spec.endpoints;
    assert.equal(endpoint.path, '/metrics');
    assert.ok(
      all('Service')
        .filter((s) => scraped.includes(s.metadata.name))
        .every((s) => s.spec.ports.some((p) => p.name === endpoint.port)),
    );
    assert.equal(endpoint.authorization.type, 'Bearer');
    for (const name of Object.keys(API_DEPLOYMENTS)) {
      const podSpec = named('Deployment', name).spec.template.spec;
      const [container] = podSpec.containers;
      const secret = secretAt(podSpec, container, environmentOf(container).METRICS_TOKEN_FILE);
      assert.deepEqual(
        secret,
        { secret: endpoint.authorization.credentials.name, key: endpoint.authorization.credentials.key },
        `${name}: another token than the monitor's`,
      );
    }
  });
});
