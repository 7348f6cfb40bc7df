export * from './readiness';
export * from './postgres-probe';
