export * from './infrastructure.module';
export * from './repositories';
export * from './tokens';
