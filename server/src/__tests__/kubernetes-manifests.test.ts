import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig, repositoryRoot, shutdownDeadlineMs } from '../config/config';
import { startupLockWaitMs } from '../db/time-limits';

/**
 * deploy/kubernetes (decision 0110): the validator CI runs (tools/validate-kubernetes.mjs) on these manifests and on
 * broken ones, then what the schemas cannot know: that the manifests fit the shop and each other. There is no
 * cluster where the tests run, so this reads the files as kubectl would send them.
 */
const manifestFolder = path.join(repositoryRoot, 'deploy', 'kubernetes');

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
  periodSeconds?: number;
  failureThreshold?: number;
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { drop?: string[] };
  seccompProfile?: { type: string };
}
interface Container {
  image: string;
  command?: string[];
  ports?: { name: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string } }[];
  env?: EnvVar[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: SecurityContext;
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: {
    securityContext?: SecurityContext;
    terminationGracePeriodSeconds?: number;
    containers: Container[];
    volumes?: { name: string; emptyDir?: object }[];
  };
}
interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: Record<string, unknown> & { template?: PodTemplate; selector?: { matchLabels?: Record<string, string> } };
}

function manifest<Shape = Manifest>(file: string): Shape {
  return parse(readFileSync(path.join(manifestFolder, file), 'utf8')) as Shape;
}

const deployment = manifest('deployment.yaml');
const job = manifest('migration-job.yaml');
const configMap = manifest('configmap.yaml');
const secretTemplate = manifest('secret.example.yaml');
const pods = [
  ['Deployment', deployment.spec!.template!],
  ['Job', job.spec!.template!],
] as const;
const shop = deployment.spec!.template!.spec.containers[0]!;

/** The validator as CI runs it: its exit code and everything it printed. */
function validate(folder: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repositoryRoot, 'tools', 'validate-kubernetes.mjs'), folder],
      { cwd: repositoryRoot },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/** The shop's configuration as the ConfigMap sets it, with the Secret's one required key. */
function configuredByConfigMap() {
  return loadConfig({
    ...configMap.data,
    DATABASE_URL: 'postgresql://manukato@postgresql.example.internal:5432/manukato',
    PAYSTACK_SECRET_KEY: 'sk_live_from_the_secret',
  });
}

describe('the Kubernetes manifests validator', () => {
  it('passes the repository manifests: each valid against its schema, all in the kustomization', async () => {
    const { code, output } = await validate(manifestFolder);
    expect({ code, output }).toEqual({
      code: 0,
      output: expect.stringContaining('valid, and all in the kustomization'),
    });
  });

  it('fails a broken manifest and a forgotten one, naming the file, the kind and the error', async () => {
    const broken = mkdtempSync(path.join(os.tmpdir(), 'manukato-k8s-'));
    try {
      cpSync(manifestFolder, broken, { recursive: true });
      const deploymentFile = path.join(broken, 'deployment.yaml');
      writeFileSync(
        deploymentFile,
        readFileSync(deploymentFile, 'utf8').replace('containerPort: 4000', 'containerPort: http'),
      );
      const kustomizationFile = path.join(broken, 'kustomization.yaml');
      writeFileSync(kustomizationFile, readFileSync(kustomizationFile, 'utf8').replace(/^ {2}- service\.yaml\n/m, ''));
      const { code, output } = await validate(broken);
      expect(code).toBe(1);
      expect(output).toMatch(/^deployment\.yaml: Deployment manukato: .*containerPort must be integer/m);
      expect(output).toMatch(/^service\.yaml: not listed in any kustomization\.yaml/m);
      expect(output).toContain('2 problems');
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe('deploy/kubernetes', () => {
  it('probes liveness on /healthz and readiness on /readyz, and waits out the longest start-up', () => {
    expect(shop.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(shop.readinessProbe?.httpGet?.path).toBe('/readyz');
    // The port opens only after start-up, which may wait for another start's lock that long.
    const startup = shop.startupProbe!;
    expect(startup.httpGet?.path).toBe('/healthz');
    expect(startup.periodSeconds! * startup.failureThreshold! * 1000).toBeGreaterThan(startupLockWaitMs);
    for (const probe of [shop.livenessProbe, shop.readinessProbe, startup]) {
      expect(shop.ports?.map((port) => port.name)).toContain(probe?.httpGet?.port);
    }
    expect(shop.ports?.[0]?.containerPort).toBe(configuredByConfigMap().port);
  });

  it('gives a stopping instance its preStop wait and its whole drain before SIGKILL', () => {
    const [sleep, seconds] = shop.lifecycle?.preStop?.exec?.command ?? [];
    expect(sleep).toBe('sleep');
    const graceMs = deployment.spec!.template!.spec.terminationGracePeriodSeconds! * 1000;
    expect(graceMs).toBeGreaterThan(Number(seconds) * 1000 + shutdownDeadlineMs(configuredByConfigMap().http));
  });

  it('requests and limits the memory the README sizes an instance for, and lets the autoscaler own the count', () => {
    const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
    const sized = /Size containers for about (\d+) MB/.exec(readme)?.[1];
    expect(sized).toBeDefined();
    for (const [kind, pod] of pods) {
      const { requests, limits } = pod.spec.containers[0]!.resources ?? {};
      expect(`${kind}: ${requests?.memory} ${limits?.memory}`).toBe(`${kind}: ${sized}Mi ${sized}Mi`);
      expect(requests?.cpu).toBeDefined();
    }
    // `kubectl apply` would set a scaled-out Deployment back to a count written here.
    expect(deployment.spec!.replicas).toBeUndefined();
    const autoscaler = manifest('horizontal-pod-autoscaler.yaml').spec!;
    expect(autoscaler.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'manukato' });
    expect(autoscaler.minReplicas).toBe(3);
  });

  it('runs every container as the image’s non-root user on a read-only root, writing only to emptyDirs', () => {
    const runtimeStage = readFileSync(path.join(repositoryRoot, 'Dockerfile'), 'utf8')
      .split(/^FROM /m)
      .at(-1)!;
    const imageUser = Number(/^USER\s+(\d+)(?::\d+)?\s*$/m.exec(runtimeStage)?.[1]);
    expect(imageUser).toBeGreaterThan(0);
    const dataDir = configuredByConfigMap().dataDir;
    for (const [kind, pod] of pods) {
      expect(`${kind}: ${JSON.stringify(pod.spec.securityContext)}`).toBe(
        `${kind}: ${JSON.stringify({
          runAsNonRoot: true,
          runAsUser: imageUser,
          runAsGroup: imageUser,
          fsGroup: imageUser,
          seccompProfile: { type: 'RuntimeDefault' },
        })}`,
      );
      const container = pod.spec.containers[0]!;
      expect(container.securityContext).toEqual({
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      const emptyDirs = new Set(pod.spec.volumes?.filter((volume) => volume.emptyDir).map((volume) => volume.name));
      const writable = container.volumeMounts
        ?.filter((mount) => emptyDirs.has(mount.name))
        .map((mount) => mount.mountPath);
      expect(`${kind}: ${writable?.sort().join(' ')}`).toBe(`${kind}: ${[dataDir, '/tmp'].sort().join(' ')}`);
    }
  });

  it('takes the database from the Secret, required, and keeps images in the bucket every instance shares', () => {
    const config = configuredByConfigMap();
    expect(config.s3?.bucket).toBeTruthy();
    for (const [kind, pod] of pods) {
      const container = pod.spec.containers[0]!;
      expect(container.envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }]);
      const database = container.env?.find((variable) => variable.name === 'DATABASE_URL');
      // Required: a pod without it would start an embedded PostgreSQL of its own.
      expect(`${kind}: ${JSON.stringify(database?.valueFrom)}`).toBe(
        `${kind}: ${JSON.stringify({ secretKeyRef: { name: secretTemplate.metadata.name, key: 'DATABASE_URL' } })}`,
      );
      for (const variable of container.env ?? []) {
        // Every variable comes from the Secret, under its own name, and the template shows each key.
        expect(`${kind}: ${variable.name} ${variable.valueFrom?.secretKeyRef?.key}`).toBe(
          `${kind}: ${variable.name} ${variable.name}`,
        );
        expect(Object.keys(secretTemplate.stringData ?? {})).toContain(variable.name);
      }
      // Nothing secret in the ConfigMap.
      for (const key of Object.keys(configMap.data ?? {}))
        expect(Object.keys(secretTemplate.stringData!)).not.toContain(key);
    }
  });

  it('runs the migration entry point from the same image as the instances', () => {
    const migrate = job.spec!.template!.spec.containers[0]!;
    expect(migrate.image).toBe(shop.image);
    const entry = migrate.command?.find((argument) => argument.startsWith('server/dist/'));
    expect(entry).toBe('server/dist/migrate-main.js');
    expect(existsSync(path.join(repositoryRoot, 'server', 'src', 'migrate-main.ts'))).toBe(true);
  });

  it('routes the Ingress to the Service, and the Service and the disruption budget to the instances', () => {
    const podLabels = deployment.spec!.template!.metadata.labels;
    expect(deployment.spec!.selector?.matchLabels).toEqual(podLabels);
    const service = manifest<{
      metadata: { name: string };
      spec: { selector: Record<string, string>; ports: { name: string; targetPort: string }[] };
    }>('service.yaml');
    expect(service.spec.selector).toEqual(podLabels);
    const servicePort = service.spec.ports[0]!;
    expect(shop.ports?.map((port) => port.name)).toContain(servicePort.targetPort);
    const budget = manifest('pod-disruption-budget.yaml');
    expect(budget.spec!.selector?.matchLabels).toEqual(podLabels);
    const ingress = manifest<{ spec: { rules: { http: { paths: unknown[] } }[] } }>('ingress.yaml');
    for (const rule of ingress.spec.rules) {
      for (const route of rule.http.paths) {
        expect(route).toMatchObject({
          backend: { service: { name: service.metadata.name, port: { name: servicePort.name } } },
        });
      }
    }
  });
});
