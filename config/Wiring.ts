import { Container } from 'inversify';

declare const carries: unique symbol;

/** An inversify service identifier that carries the type bound to it: a swapped binding does not compile. */
export type ServiceToken<T> = symbol & { readonly [carries]?: T };

export const token = <T>(description: string): ServiceToken<T> => Symbol(description) as ServiceToken<T>;

/** The types a list of tokens resolves to, in order. */
export type Resolved<D extends readonly ServiceToken<unknown>[]> = { [K in keyof D]: D[K] extends ServiceToken<infer T> ? T : never };

/**
 * The composition root's typed view of the inversify container: every binding and every
 * lookup goes through a ServiceToken, so the compiler checks what is bound against what is
 * asked for. Use cases and adapters stay free of decorators: each is built here from the
 * tokens of its constructor's parameters, once (singletons).
 */
export class Wiring {
  private readonly container = new Container();

  value<T>(service: ServiceToken<T>, instance: T): void {
    this.container.bind<T>(service).toConstantValue(instance);
  }

  /** Builds `service` on first use from the services `dependencies` name, in order. */
  construct<T, const D extends readonly ServiceToken<unknown>[]>(service: ServiceToken<T>, Class: new (...args: Resolved<D>) => T, dependencies: D): void {
    this.build(service, dependencies, (...args) => new Class(...args));
  }

  build<T, const D extends readonly ServiceToken<unknown>[]>(service: ServiceToken<T>, dependencies: D, make: (...args: Resolved<D>) => T): void {
    this.container
      .bind<T>(service)
      .toDynamicValue(() => make(...(dependencies.map((dependency) => this.container.get(dependency)) as Resolved<D>)))
      .inSingletonScope();
  }

  /** Replaces a binding (a test's fake clock, an in-memory adapter): only before anything was resolved. */
  replace<T>(service: ServiceToken<T>, instance: T): void {
    if (this.container.isBound(service)) this.container.unbind(service);
    this.value(service, instance);
  }

  get<T>(service: ServiceToken<T>): T {
    return this.container.get<T>(service);
  }
}
