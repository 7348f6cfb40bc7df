export * from './infrastructure.module';
export * from './tokens';
