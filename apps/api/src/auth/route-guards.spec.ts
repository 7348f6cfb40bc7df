import 'reflect-metadata';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { loadConfig } from '@datebook/server';
import { AppModule } from '../app.module';
import { walkModules } from '../docs/module-walk';
import { AUTH_POLICY } from './auth.decorators';

// Nest keeps these in '@nestjs/websockets/constants'; read by name so no gateway module is needed.
const GATEWAY_METADATA = 'websockets:is_gateway';
const MESSAGE_MAPPING_METADATA = 'websockets:message_mapping';

type Handler = (...args: unknown[]) => unknown;

function handlersOf(
  type: { prototype: object },
  isHandler: (handler: Handler) => boolean,
): Array<[string, Handler]> {
  return Object.getOwnPropertyNames(type.prototype)
    .filter((name) => name !== 'constructor')
    .map((name) => [name, (type.prototype as Record<string, Handler>)[name]!] as [string, Handler])
    .filter(([, handler]) => typeof handler === 'function' && isHandler(handler));
}

const declaresPolicy = (type: object, handler: Handler): boolean =>
  Reflect.getMetadata(AUTH_POLICY, handler) !== undefined ||
  Reflect.getMetadata(AUTH_POLICY, type) !== undefined;

describe('every route and socket handler declares who may call it', () => {
  const { controllers, providers } = walkModules(AppModule.forRoot(loadConfig({})));

  it('finds the application’s routes (the walk itself works)', () => {
    const routes = controllers.flatMap((controller) =>
      handlersOf(controller, (handler) => Reflect.getMetadata(METHOD_METADATA, handler) !== undefined),
    );
    expect(routes.length).toBeGreaterThanOrEqual(6);
  });

  it.each(controllers.map((controller) => [controller.name, controller] as const))(
    '%s',
    (_name, controller) => {
      const routes = handlersOf(
        controller,
        (handler) => Reflect.getMetadata(PATH_METADATA, handler) !== undefined,
      );
      const undeclared = routes
        .filter(([, handler]) => !declaresPolicy(controller, handler))
        .map(([name]) => name);
      expect(undeclared).toEqual([]);
    },
  );

  it('covers socket gateways too', () => {
    const gateways = providers
      .map((provider) =>
        typeof provider === 'function' ? provider : (provider as { useClass?: unknown }).useClass,
      )
      .filter(
        (type): type is { prototype: object; name: string } =>
          typeof type === 'function' && Reflect.getMetadata(GATEWAY_METADATA, type) === true,
      );
    const undeclared = gateways.flatMap((gateway) =>
      handlersOf(gateway, (handler) => Reflect.getMetadata(MESSAGE_MAPPING_METADATA, handler) === true)
        .filter(([, handler]) => !declaresPolicy(gateway, handler))
        .map(([name]) => `${gateway.name}.${name}`),
    );
    expect(undeclared).toEqual([]);
  });
});
