// `node tools/validate-kubernetes.mjs [folder]` (CI, decision 0110): every YAML document under deploy/kubernetes
// (or the folder given) checked against the Kubernetes schemas kubernetes-models carries, and every kustomization
// checked to name each manifest beside it, so none is validated here and forgotten by `kubectl apply -k`. Prints
// each problem with its file, kind and error, and exits 1 if there is any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultManifestFolder = path.join(repositoryRoot, 'deploy', 'kubernetes');

const kustomizationFile = 'kustomization.yaml';
/** Templates an operator copies and fills (a Secret's keys): validated like the rest, never applied. */
const templateSuffix = '.example.yaml';
/** `v1`, `apps/v1`, `networking.k8s.io/v1`, `autoscaling/v2beta2`: what may name a module of kubernetes-models. */
const apiVersionPattern = /^(?:[a-z0-9.-]+\/)?v\d+(?:(?:alpha|beta)\d+)?$/;

function yamlFilesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(file);
    return /\.ya?ml$/.test(entry.name) ? [file] : [];
  });
}

/** The model class for an apiVersion and kind (`apps/v1` Deployment → kubernetes-models/apps/v1's Deployment). */
async function modelFor(apiVersion, kind) {
  if (typeof apiVersion !== 'string' || !apiVersionPattern.test(apiVersion)) return undefined;
  const models = await import(`kubernetes-models/${apiVersion}`).catch(() => undefined);
  const model = models?.[kind];
  return typeof model === 'function' && model.kind === kind ? model : undefined;
}

function validationMessage(error) {
  const details = Array.isArray(error?.errors)
    ? error.errors.map((detail) => `${detail.instancePath || '/'} ${detail.message}`)
    : [];
  return details.length > 0 ? [...new Set(details)].join('; ') : String(error?.message ?? error);
}

async function problemsOfManifest(file, relative) {
  const problems = [];
  for (const document of parseAllDocuments(readFileSync(file, 'utf8'))) {
    if (document.errors.length > 0) {
      problems.push(`${relative}: not YAML: ${document.errors[0].message}`);
      continue;
    }
    const object = document.toJS();
    if (object === null || object === undefined) continue;
    const { apiVersion, kind } = object;
    const name = object.metadata?.name;
    const what = `${kind ?? '(no kind)'} ${name ?? '(no name)'}`;
    if (!name) problems.push(`${relative}: ${what}: metadata.name is missing`);
    const model = await modelFor(apiVersion, kind);
    if (!model) {
      problems.push(`${relative}: ${what}: no Kubernetes schema for apiVersion ${apiVersion} kind ${kind}`);
      continue;
    }
    try {
      new model(object).validate();
    } catch (error) {
      problems.push(`${relative}: ${what}: ${validationMessage(error)}`);
    }
  }
  return problems;
}

/** What a kustomization names that is missing, and the files it covers. */
function readKustomization(file, relative) {
  const folder = path.dirname(file);
  let object;
  try {
    object = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { problems: [`${relative}: not YAML: ${error.message}`], covered: [] };
  }
  if (object?.kind !== 'Kustomization' || !Array.isArray(object.resources)) {
    return { problems: [`${relative}: not a Kustomization with a list of resources`], covered: [] };
  }
  const problems = [];
  const covered = [];
  for (const resource of object.resources) {
    // A remote base (a URL) is kustomize's to fetch.
    if (typeof resource !== 'string' || /^[a-z]+:\/\//.test(resource)) continue;
    const target = path.resolve(folder, resource);
    if (!existsSync(target)) problems.push(`${relative}: names ${resource}, which does not exist`);
    else if (statSync(target).isDirectory()) covered.push(...yamlFilesUnder(target));
    else covered.push(target);
  }
  return { problems, covered };
}

/** Every problem found under `folder`, each naming its file (relative to the folder), kind and error. */
export async function validateKubernetesFolder(folder = defaultManifestFolder) {
  const files = yamlFilesUnder(folder).sort();
  const relative = (file) => path.relative(folder, file);
  const problems = [];
  const covered = new Set();
  const kustomizations = files.filter((file) => path.basename(file) === kustomizationFile);
  if (kustomizations.length === 0) problems.push(`${folder}: no ${kustomizationFile}`);
  for (const file of kustomizations) {
    const read = readKustomization(file, relative(file));
    problems.push(...read.problems);
    for (const target of read.covered) covered.add(target);
  }
  for (const file of files) {
    if (path.basename(file) === kustomizationFile) continue;
    const isTemplate = file.endsWith(templateSuffix);
    if (!isTemplate && !covered.has(file)) {
      problems.push(`${relative(file)}: not listed in any ${kustomizationFile}: kubectl apply -k would leave it out`);
    }
    if (isTemplate && covered.has(file)) {
      problems.push(`${relative(file)}: a template, yet listed in a ${kustomizationFile}: it would be applied`);
    }
    problems.push(...(await problemsOfManifest(file, relative(file))));
  }
  return { files: files.length, problems };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = path.resolve(process.argv[2] ?? defaultManifestFolder);
  const { files, problems } = await validateKubernetesFolder(folder);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(`${problems.length} problems in the Kubernetes manifests under ${folder}`);
    process.exit(1);
  }
  process.stdout.write(`${files} Kubernetes manifest files under ${folder}: valid, and all in the kustomization\n`);
}
