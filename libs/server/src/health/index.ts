export * from './readiness';
