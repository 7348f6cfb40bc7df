import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './deployment-files';

const DOCKERFILES = ['apps/api/Dockerfile', 'apps/worker/Dockerfile', 'apps/web/Dockerfile'];

/** Every npm workspace (root package.json `workspaces`: libs/* and apps/*) that has a manifest. */
function workspaces(): string[] {
  return ['apps', 'libs']
    .flatMap((parent) => readdirSync(join(REPO_ROOT, parent)).map((name) => `${parent}/${name}`))
    .filter((dir) => existsSync(join(REPO_ROOT, dir, 'package.json')))
    .sort();
}

/** The workspace manifests a Dockerfile copies before `npm install`. */
function copiedManifests(dockerfile: string): string[] {
  const text = readFileSync(join(REPO_ROOT, dockerfile), 'utf8');
  return [...text.matchAll(/^COPY ((?:apps|libs)\/[^/\s]+)\/package\.json /gm)]
    .map((match) => match[1]!)
    .sort();
}

describe('the images install the whole npm workspace', () => {
  it.each(DOCKERFILES)('%s copies every workspace manifest, as npm install needs them all', (dockerfile) => {
    expect(copiedManifests(dockerfile)).toEqual(workspaces());
  });
});
