import { readCompose } from './deployment-files';
import { composeSchemaProblems } from './compose-schema';

const compose = readCompose();

describe('docker-compose.yml against the Compose Specification schema', () => {
  it('is valid', () => {
    expect(composeSchemaProblems(compose)).toEqual([]);
    const services = Object.keys(compose.services as object);
    process.stdout.write(`compose schema: ${services.length} services valid\n`);
  });

  it('rejects an unknown service key and a wrong depends_on condition', () => {
    const broken = structuredClone(compose) as { services: Record<string, Record<string, unknown>> };
    broken.services.api!.stop_grace = '30s';
    broken.services.web!.depends_on = { api: { condition: 'service_ready' } };

    const problems = composeSchemaProblems(broken);

    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/services\/api: must NOT have additional properties .*stop_grace/),
        expect.stringMatching(/^\/services\/web\/depends_on\/api\/condition: must be equal to one of/),
      ]),
    );
  });
});
