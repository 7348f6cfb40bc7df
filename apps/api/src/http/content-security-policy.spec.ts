import { loadConfig, ObjectStorage } from '@datebook/server';
import { webAppContentSecurityPolicy } from './content-security-policy';

/** The sources of one directive of a policy. */
function directive(policy: string, name: string): string[] {
  const found = policy
    .split('; ')
    .map((part) => part.split(' '))
    .find(([directiveName]) => directiveName === name);
  return found ? found.slice(1) : [];
}

const DEPLOYMENTS: Array<[name: string, env: Record<string, string>]> = [
  ['npm start', {}],
  [
    'docker compose',
    {
      PUBLIC_URL: 'http://localhost:8080',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PRESIGN_ENDPOINT: 'http://localhost:9000',
      S3_PUBLIC_URL: 'http://localhost:9000/media',
    },
  ],
  [
    'Kubernetes on AWS',
    {
      PUBLIC_URL: 'https://datebook.example.com',
      S3_ENDPOINT: 'https://s3.us-east-1.amazonaws.com',
      S3_FORCE_PATH_STYLE: 'false',
      S3_PUBLIC_URL: 'https://media.datebook.example.com',
    },
  ],
  [
    'AWS with a dotted bucket name',
    {
      S3_ENDPOINT: 'https://s3.us-east-1.amazonaws.com',
      S3_FORCE_PATH_STYLE: 'false',
      S3_BUCKET: 'media.datebook',
    },
  ],
];

describe('webAppContentSecurityPolicy', () => {
  it('allows only the site itself, its socket and the media store, for a local run', () => {
    expect(webAppContentSecurityPolicy(loadConfig({}))).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob: http://localhost:4568 http://127.0.0.1:4568",
        "media-src 'self' blob: http://localhost:4568 http://127.0.0.1:4568",
        "connect-src 'self' ws://localhost:3000 http://localhost:4568 http://127.0.0.1:4568",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it('takes the socket over wss and media from the CDN behind HTTPS', () => {
    const [, env] = DEPLOYMENTS[2]!;
    const policy = webAppContentSecurityPolicy(loadConfig(env));
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'wss://datebook.example.com',
      'https://media.datebook.example.com',
      'https://s3.us-east-1.amazonaws.com',
      'https://media.s3.us-east-1.amazonaws.com',
    ]);
    expect(directive(policy, 'img-src')).toContain('https://media.datebook.example.com');
  });

  it.each(DEPLOYMENTS)(
    'reaches the media store where the storage adapter points browsers (%s)',
    async (_name, env) => {
      const config = loadConfig(env);
      const policy = webAppContentSecurityPolicy(config);
      const storage = new ObjectStorage(config);
      try {
        const upload = new URL(await storage.presignPut('u1/date-media/a.jpg', 'image/jpeg', 1000));
        const read = new URL(storage.readUrl('u1/date-media/a-640.jpg'));
        expect(directive(policy, 'connect-src')).toContain(upload.origin);
        expect(directive(policy, 'img-src')).toContain(read.origin);
        expect(directive(policy, 'media-src')).toContain(read.origin);
      } finally {
        storage.close();
      }
    },
  );
});
