/**
 * Composes the data provider: resources whose API is not plain ra-data-simple-rest get their own methods
 * (chats: keyset pages; languages: the spec's language calls), every other call goes to the base provider.
 */
import type { DataProvider } from 'ra-core';

const METHODS = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;

export function withResourceProviders(base: DataProvider, overrides: Record<string, Partial<DataProvider>>): DataProvider {
  const composed = { ...base };
  for (const method of METHODS) {
    const fallback = base[method] as (...args: any[]) => Promise<any>;
    (composed as any)[method] = (resource: string, params: unknown) => {
      const own = overrides[resource]?.[method] as ((...args: any[]) => Promise<any>) | undefined;
      return (own ?? fallback)(resource, params);
    };
  }
  return composed;
}

/**
 * A resource's own methods loaded with their first call (a dynamic import), so the first screen's bundle
 * does not carry them. A method the loaded provider lacks falls back to the base provider.
 */
export function lazyResourceProvider(base: DataProvider, load: () => Promise<Partial<DataProvider>>): Partial<DataProvider> {
  let loaded: Promise<Partial<DataProvider>> | undefined;
  return Object.fromEntries(
    METHODS.map((method) => [
      method,
      async (resource: string, params: unknown) => {
        const own = (await (loaded ??= load()))[method] as ((...args: any[]) => Promise<any>) | undefined;
        return (own ?? (base[method] as (...args: any[]) => Promise<any>))(resource, params);
      },
    ]),
  );
}
