/**
 * docker-compose.yml with podman alone (server/compose/podman.ts), for hosts without Docker:
 *
 *   npm run compose -- up [--scale app=3] [--file override.yml …] [--build]
 *   npm run compose -- down [--volumes]
 *
 * Variables come from the environment, then from `.env` beside docker-compose.yml. With podman, the
 * proxy's NGINX_RESOLVER defaults to the default network's gateway, where aardvark-dns answers.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { projectName, type Env } from '../server/compose/composeFile';
import { build, ComposeError, down, loadForPodman, Podman, up } from '../server/compose/podman';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** KEY=value lines of `.env`; the environment wins. */
function environment(): Env {
  const file = path.join(root, '.env');
  const fromFile: Env = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const match = /^\s*([A-Za-z_]\w*)\s*=\s*(.*?)\s*$/.exec(line);
      if (match?.[1] !== undefined) fromFile[match[1]] = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
    }
  }
  return { ...fromFile, ...process.env };
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      scale: { type: 'string', multiple: true, default: [] },
      file: { type: 'string', multiple: true, default: [] },
      build: { type: 'boolean', default: false },
      volumes: { type: 'boolean', default: false },
    },
  });
  const [command] = positionals;
  const env = environment();
  const files = [path.join(root, 'docker-compose.yml'), ...values.file.map((file) => path.resolve(file))];
  const podman = new Podman({ log: (line) => console.log(line) });

  if (command === 'down') {
    await down(podman, projectName(files[0] ?? ''), { volumes: values.volumes });
    return;
  }
  if (command !== 'up') throw new ComposeError('Say up or down (npm run compose -- up --scale app=3).');

  const project = loadForPodman(files, env);
  const scale = Object.fromEntries(
    values.scale.map((entry) => {
      const [service = '', count = ''] = entry.split('=');
      if (!/^\d+$/.test(count)) throw new ComposeError(`--scale ${entry}: write SERVICE=NUMBER.`);
      return [service, Number(count)];
    }),
  );
  const built = Object.values(project.services).filter((service) => service.build !== undefined);
  const present = await Promise.all(
    built.map((service) =>
      podman.run(['image', 'exists', service.image]).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (values.build || present.includes(false)) await build(podman, project);
  await up(podman, project, { scale, wait: true });
  console.log(`${project.name} is up: ${project.services.app?.environment.PUBLIC_URL ?? ''}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
