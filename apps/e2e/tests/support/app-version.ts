import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The header shows the product version: the one in the root package.json. */
export const APP_VERSION = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
