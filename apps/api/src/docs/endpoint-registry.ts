import type { Type } from '@nestjs/common';
import type { Endpoint } from '@datebook/contracts';
import { ENDPOINT_METADATA } from '../http/endpoint-metadata';

/** Every endpoint bound to a handler of the given controllers, in declaration order. */
export function collectEndpoints(controllers: Type[]): Endpoint[] {
  return controllers.flatMap((controller) =>
    Object.getOwnPropertyNames(controller.prototype)
      .map((name) => {
        const handler: unknown = (controller.prototype as Record<string, unknown>)[name];
        return typeof handler === 'function'
          ? (Reflect.getMetadata(ENDPOINT_METADATA, handler) as Endpoint | undefined)
          : undefined;
      })
      .filter((endpoint): endpoint is Endpoint => endpoint !== undefined),
  );
}
