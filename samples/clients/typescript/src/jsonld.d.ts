// The part of jsonld 9.0.0's API that src/linked-data.ts calls (the package ships no types of its own).
declare module "jsonld" {
  export interface RemoteDocument { contextUrl?: string | null; documentUrl: string; document: unknown }
  export type DocumentLoader = (url: string) => Promise<RemoteDocument>;
  export interface Options { base?: string; documentLoader?: DocumentLoader; safe?: boolean }
  const jsonld: {
    expand(input: unknown, options?: Options): Promise<unknown[]>;
    compact(input: unknown, context: unknown, options?: Options): Promise<Record<string, unknown>>;
    documentLoaders: { node(options?: { headers?: Record<string, string> }): DocumentLoader };
  };
  export default jsonld;
}
