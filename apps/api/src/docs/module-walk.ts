import type { DynamicModule, Type } from '@nestjs/common';

type ModuleRef = Type | DynamicModule | Promise<DynamicModule>;

const isDynamic = (module: ModuleRef): module is DynamicModule =>
  typeof module === 'object' && 'module' in module;

/**
 * Controllers and providers reachable from a root module, read from Nest's metadata without
 * starting anything: used for the OpenAPI document and for the route-guard test.
 */
export function walkModules(root: ModuleRef): { controllers: Type[]; providers: unknown[] } {
  const controllers = new Set<Type>();
  const providers = new Set<unknown>();
  const seen = new Set<unknown>();
  const visit = (module: ModuleRef): void => {
    if (module instanceof Promise || seen.has(module)) {
      return;
    }
    seen.add(module);
    const type = isDynamic(module) ? module.module : module;
    const metadata = (key: string): unknown[] =>
      (Reflect.getMetadata(key, type) as unknown[] | undefined) ?? [];
    const dynamic = isDynamic(module) ? module : undefined;
    [...metadata('controllers'), ...(dynamic?.controllers ?? [])].forEach((controller) =>
      controllers.add(controller as Type),
    );
    [...metadata('providers'), ...(dynamic?.providers ?? [])].forEach((provider) => providers.add(provider));
    [...metadata('imports'), ...(dynamic?.imports ?? [])].forEach((imported) => visit(imported as ModuleRef));
  };
  visit(root);
  return { controllers: [...controllers], providers: [...providers] };
}
