import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * No Docker engine runs where CI does, so the Dockerfile and compose.yaml are checked here,
 * by rules of hadolint's kind (their numbers in the messages) and of the project's own: what the image
 * and the compose file must do for PitchIn. Each rule is also shown to refuse a broken copy.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Instruction = { keyword: string; argument: string; stage: number };

/** Instructions with their continuation lines joined, comments and parser directives dropped. */
function parseDockerfile(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  const instructions: Instruction[] = [];
  let stage = -1;
  for (const line of joined.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [, keyword = '', argument = ''] = /^(\S+)\s*(.*)$/.exec(trimmed) ?? [];
    if (keyword.toUpperCase() === 'FROM') stage += 1;
    instructions.push({ keyword: keyword.toUpperCase(), argument: argument.trim(), stage });
  }
  return instructions;
}

export function checkDockerfile(text: string): string[] {
  const problems: string[] = [];
  const instructions = parseDockerfile(text);
  const args = new Map(
    instructions
      .filter((item) => item.keyword === 'ARG' && item.stage === -1)
      .map((item) => item.argument.split('=') as [string, string]),
  );
  const froms = instructions.filter((item) => item.keyword === 'FROM');
  const stageNames = new Set<string>();
  if (froms.length < 2) problems.push('multi-stage: at least a build stage and a runtime stage');
  for (const from of froms) {
    const [image = '', , name] = from.argument.split(/\s+/);
    const resolved = image.replace(/^\$\{(\w+)\}$/, (_, variable: string) => args.get(variable) ?? '');
    if (!stageNames.has(resolved) && !/:[\w.-]+$/.test(resolved) && !resolved.includes('@sha256:'))
      problems.push(`DL3006: image "${image}" has no tag`);
    if (/:latest$/.test(resolved)) problems.push(`DL3007: image "${image}" uses latest`);
    if (name) stageNames.add(name);
  }
  const lastStage = froms.length - 1;
  const final = instructions.filter((item) => item.stage === lastStage);
  const users = final.filter((item) => item.keyword === 'USER');
  if (users.length === 0 || /^(root|0)(:|$)/.test(users.at(-1)!.argument))
    problems.push('DL3002: the runtime stage must end as a user other than root');
  const healthcheck = final.find((item) => item.keyword === 'HEALTHCHECK');
  if (!healthcheck || !healthcheck.argument.includes('/healthz'))
    problems.push('the runtime stage needs a HEALTHCHECK on /healthz');
  const command = final.find((item) => item.keyword === 'CMD');
  if (!command || !command.argument.startsWith('['))
    problems.push('DL3025: CMD in JSON (exec) form, so SIGTERM reaches node, not a shell');
  for (const item of instructions) {
    if (item.keyword === 'WORKDIR' && !item.argument.startsWith('/'))
      problems.push(`DL3000: WORKDIR "${item.argument}" is not absolute`);
    if (item.keyword === 'ADD' && !/^(--\S+\s+)*(https?:|\S+\.tar)/.test(item.argument))
      problems.push('DL3020: COPY, not ADD, for files and folders');
    if (item.keyword === 'RUN' && /\bsudo\b/.test(item.argument)) problems.push('DL3004: no sudo');
    if (
      item.keyword === 'RUN' &&
      /apt-get install/.test(item.argument) &&
      !/--no-install-recommends/.test(item.argument)
    )
      problems.push('DL3015: apt-get install --no-install-recommends');
    if (
      item.keyword === 'RUN' &&
      /apt-get install/.test(item.argument) &&
      !/rm -rf \/var\/lib\/apt\/lists/.test(item.argument)
    )
      problems.push('DL3009: remove the apt lists after installing');
    if (item.keyword === 'COPY') {
      const from = /--from=(\S+)/.exec(item.argument)?.[1];
      if (from && !stageNames.has(from)) problems.push(`DL3022: COPY --from=${from} names no earlier stage`);
    }
  }
  // Production dependencies only: the runtime's node_modules come from a stage that omitted the dev ones.
  const modulesCopy = final.find((item) => item.keyword === 'COPY' && /node_modules/.test(item.argument));
  const modulesStage = modulesCopy ? /--from=(\S+)/.exec(modulesCopy.argument)?.[1] : undefined;
  const modulesStageIndex = froms.findIndex((from) => from.argument.split(/\s+/)[2] === modulesStage);
  const installsProductionOnly = instructions.some(
    (item) =>
      item.stage === modulesStageIndex && item.keyword === 'RUN' && /npm ci\b[^&]*--omit=dev/.test(item.argument),
  );
  if (!modulesCopy || !installsProductionOnly)
    problems.push('the runtime node_modules must come from a stage that ran npm ci --omit=dev');
  if (
    final.some(
      (item) => item.keyword === 'RUN' && /npm (ci|install)\b/.test(item.argument) && !/--omit=dev/.test(item.argument),
    )
  )
    problems.push('the runtime stage must not install dev dependencies');
  return problems;
}

type ComposeService = {
  image?: string;
  build?: unknown;
  ports?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number | string };
  depends_on?: Record<string, { condition?: string }> | string[];
  volumes?: string[];
  healthcheck?: unknown;
};

/** The variables config.ts reads: the keys of its environment schema. */
function configVariables(): string[] {
  const text = read('server/config.ts');
  const schema = text.slice(text.indexOf('const environmentSchema'), text.indexOf('.superRefine('));
  return [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
}

export function checkCompose(compose: {
  services?: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}): string[] {
  const problems: string[] = [];
  const services = compose.services ?? {};
  const known = new Set(configVariables());
  for (const [name, service] of Object.entries(services)) {
    if (service.image && (!/:[\w.-]+$/.test(service.image) || service.image.endsWith(':latest')))
      problems.push(`${name}: pin the image's version (${service.image})`);
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('.')) {
        if (!existsSync(path.join(root, source))) problems.push(`${name}: mounts ${source}, which does not exist`);
      } else if (!(source in (compose.volumes ?? {}))) problems.push(`${name}: volume ${source} is not declared`);
    }
  }
  const postgres = Object.entries(services).find(([, service]) => service.image?.startsWith('postgres:'));
  const mail = Object.entries(services).find(([, service]) =>
    /mailpit|mailhog|smtp4dev|maildev/.test(service.image ?? ''),
  );
  const proxy = Object.entries(services).find(([, service]) =>
    /^(nginx|caddy|traefik|haproxy)/.test(service.image ?? ''),
  );
  const app = Object.entries(services).find(([, service]) => service.build !== undefined);
  if (!postgres) problems.push('a PostgreSQL service');
  if (!mail) problems.push('an SMTP catcher service');
  if (!proxy || !(proxy[1].ports ?? []).length) problems.push('a proxy that publishes a port');
  if (!app) return [...problems, 'the app, built from the Dockerfile'];
  const [appName, appService] = app;
  const replicas = String(appService.deploy?.replicas ?? '1');
  const replicaCount = Number(/^\$\{\w+:-(\d+)\}$/.exec(replicas)?.[1] ?? replicas);
  if (!(replicaCount >= 2)) problems.push(`${appName}: N replicas (deploy.replicas ≥ 2), got ${replicas}`);
  if ((appService.ports ?? []).length)
    problems.push(`${appName}: replicas publish no port of their own; the proxy is the way in`);
  const environment = appService.environment ?? {};
  for (const variable of Object.keys(environment))
    if (!known.has(variable)) problems.push(`${appName}: ${variable} is not a setting of server/config.ts`);
  if (postgres && !new RegExp(`@${postgres[0]}:5432/`).test(environment.DATABASE_URL ?? ''))
    problems.push(`${appName}: DATABASE_URL must point at the ${postgres[0]} service`);
  if (mail && !new RegExp(`^smtp://${mail[0]}:`).test(environment.SMTP_URL ?? ''))
    problems.push(`${appName}: SMTP_URL must point at the ${mail[0]} service`);
  if (!environment.SESSION_SECRET) problems.push(`${appName}: replicas must share SESSION_SECRET`);
  if (!environment.TRUST_PROXY) problems.push(`${appName}: TRUST_PROXY, behind the proxy`);
  const dependsOn = appService.depends_on;
  if (postgres && (Array.isArray(dependsOn) || dependsOn?.[postgres[0]]?.condition !== 'service_healthy'))
    problems.push(`${appName}: wait for a healthy ${postgres[0]}`);
  if (postgres && !postgres[1].healthcheck) problems.push(`${postgres[0]}: a healthcheck (pg_isready)`);
  return problems;
}

describe('Dockerfile rules', () => {
  const dockerfile = read('Dockerfile');

  it('passes every rule', () => {
    expect(checkDockerfile(dockerfile)).toEqual([]);
  });

  it.each([
    ['a root runtime', (text: string) => text.replace('USER node', 'USER root'), 'DL3002'],
    ['no health check', (text: string) => text.replace(/HEALTHCHECK[^\n]*\\\n[^\n]*\n/, ''), 'HEALTHCHECK'],
    [
      'dev dependencies in the runtime',
      (text: string) => text.replace('npm ci --omit=dev --no-audit', 'npm ci --no-audit'),
      'npm ci --omit=dev',
    ],
    [
      'a shell-form CMD',
      (text: string) => text.replace(/CMD \[.*\]\n?$/, 'CMD node dist/server/server.mjs\n'),
      'DL3025',
    ],
    ['an untagged image', (text: string) => text.replace('node:20-bookworm-slim', 'node'), 'DL3006'],
    [
      'a single stage',
      (text: string) => text.split('FROM ${NODE_IMAGE} AS production-dependencies')[0]!,
      'multi-stage',
    ],
  ])('refuses %s', (_name, breakIt, rule) => {
    const broken = breakIt(dockerfile);
    expect(broken).not.toBe(dockerfile);
    expect(checkDockerfile(broken).join('\n')).toContain(rule);
  });

  it('keeps the build context free of local data and dependencies', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'data', '.git', '.env']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml rules', () => {
  const compose = parse(read('compose.yaml'));

  it('passes every rule', () => {
    expect(checkCompose(compose)).toEqual([]);
  });

  it('refuses a single replica, an unknown variable, a published app port and an unpinned image', () => {
    const broken = structuredClone(compose);
    broken.services.app.deploy.replicas = 1;
    broken.services.app.environment.WORKER_COUNT = '2';
    broken.services.app.ports = ['5000:5000'];
    broken.services.proxy.image = 'nginx';
    const problems = checkCompose(broken).join('\n');
    expect(problems).toContain('N replicas');
    expect(problems).toContain('WORKER_COUNT is not a setting');
    expect(problems).toContain('publish no port');
    expect(problems).toContain("pin the image's version");
  });
});
